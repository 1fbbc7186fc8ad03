export { createInfrastructure, type InfrastructureConfig } from "./create";
export { type InfrastructureEnv, readInfrastructureEnv } from "./env";
export type { Infrastructure, PerDeployment } from "./infrastructure";
export { type DeploymentShape, deploymentShape } from "./shape";
