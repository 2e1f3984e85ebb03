export type { ConstrainedDominatesOptions } from "./constrainedDominates.js";
export { constrainedDominates } from "./constrainedDominates.js";
export type { CrowdedTournamentOptions } from "./crowdedTournament.js";
export { crowdedTournament } from "./crowdedTournament.js";
export type { CrowdingDistanceOptions } from "./crowdingDistance.js";
export { crowdingDistance } from "./crowdingDistance.js";
export { hypervolume } from "./hypervolume.js";
export { igd } from "./igd.js";
export type { KneePointResult } from "./kneePoint.js";
export { kneePoint } from "./kneePoint.js";
export type { NonDominatedSortOptions } from "./nonDominatedSort.js";
export { nonDominatedSort } from "./nonDominatedSort.js";
export type { Nsga2Generation, Nsga2Options, Nsga2Result, Nsga2Solution } from "./nsga2.js";
export { nsga2 } from "./nsga2.js";
export { nsga2Init } from "./nsga2Init.js";
export { nsga2Step } from "./nsga2Step.js";
export type { PolynomialMutationOptions } from "./polynomialMutation.js";
export { polynomialMutation } from "./polynomialMutation.js";
export type { SbxOptions } from "./sbx.js";
export { sbx } from "./sbx.js";
export type { SpreadOptions } from "./spread.js";
export { spread } from "./spread.js";
export type {
  Nsga2Problem,
  Nsga2State,
  Nsga2StateInput,
  Nsga2StepOptions,
  Nsga2Stream,
} from "./types.js";
