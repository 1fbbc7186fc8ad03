export * from "./bits";
export * from "./compute";
export * from "./load";
export * from "./visible";
