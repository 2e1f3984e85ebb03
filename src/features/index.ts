export type { MultiLabelMode, ProbsOptions } from "./_probs.js";
export type { ConfidenceOptions } from "./confidence.js";
export { confidence } from "./confidence.js";
export type { DeepGiniOptions } from "./deepGini.js";
export { deepGini } from "./deepGini.js";
export type { DsaOptions } from "./dsa.js";
export { dsa } from "./dsa.js";
export type { EntropyOptions } from "./entropy.js";
export { entropy } from "./entropy.js";
export type {
  CalibrationMethod,
  CalibrationModel,
  FitCalibrationOptions,
} from "./fitCalibration.js";
export { fitCalibration, fitCalibrationDefaults } from "./fitCalibration.js";
export type { FitSurpriseOptions, SurpriseModel } from "./fitSurprise.js";
export { fitSurprise } from "./fitSurprise.js";
export type { LsaOptions } from "./lsa.js";
export { lsa } from "./lsa.js";
export type { MarginOptions } from "./margin.js";
export { margin } from "./margin.js";
export type { MdsaOptions } from "./mdsa.js";
export { mdsa } from "./mdsa.js";
export { predictCalibration } from "./predictCalibration.js";
export type { PredictedClassOptions } from "./predictedClass.js";
export { predictedClass } from "./predictedClass.js";
export type { RiskOrientation, ToRiskOptions } from "./toRisk.js";
export { toRisk, toRiskDefaults } from "./toRisk.js";
