export type { GridCell, GridResult, GridRow, RunGridInput } from "./runGrid.js";
export { runGrid } from "./runGrid.js";
