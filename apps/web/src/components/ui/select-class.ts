/** The look of every native <select> of the app (a native one keeps keyboard and screen-reader use for free). */
export const SELECT_CLASS =
  "h-10 rounded-md border border-line bg-field px-3 text-[15px] text-text focus:outline-none focus-visible:outline-2 focus-visible:outline-accent";
