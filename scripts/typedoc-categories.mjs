// TypeDoc plugin (typedoc.json "plugin"): puts every top-level export in the
// category of the job its source folder serves (src/<folder>/...), so a
// module page, the root one above all, lists its names grouped by job. A
// declaration's own `@category` tag wins. Re-exports (the root module's
// references to the job entries' names) get their target's category.
import { Comment, CommentTag, Converter, ReflectionKind } from "typedoc";

const JOBS = {
  core: "Core: Rng, RowMatrix, validation",
  design: "Sampling designs",
  estimate: "Estimators, intervals, confidence sequences",
  features: "Risk features",
  tcs: "Test-case selection (estimate accuracy)",
  select: "Geometric selectors",
  subset: "Benchmark subsets (shrink a benchmark)",
  trajectory: "Agent trajectories",
  evaluate: "Experiment protocols",
  slices: "Regression slices (localise regressions)",
  moea: "Multi-objective search (NSGA-II)",
  stats: "Error metrics and tests",
  plot: "Plots (Vega-Lite)",
  formats: "Harness formats",
};

const TOP =
  ReflectionKind.Function |
  ReflectionKind.Variable |
  ReflectionKind.TypeAlias |
  ReflectionKind.Interface |
  ReflectionKind.Class;

/** @param {import("typedoc").Application} app */
export function load(app) {
  /** The job given to each declaration, by reflection id, for the references to it. */
  const jobOf = new Map();
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(TOP) || !reflection.parent?.kindOf(ReflectionKind.Module)) return;
    const symbol = context.getSymbolFromReflection(reflection);
    const file = symbol?.declarations?.[0]?.getSourceFile().fileName ?? "";
    const job = JOBS[/\/src\/([a-z]+)\//.exec(file)?.[1] ?? ""];
    if (job === undefined) return;
    jobOf.set(reflection.id, job);
    addCategory(reflection, job);
  });
  // before the category plugin sorts the references of each module into categories
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      for (const ref of context.project.getReflectionsByKind(ReflectionKind.Reference)) {
        const job = jobOf.get(ref.getTargetReflectionDeep().id);
        if (job !== undefined) addCategory(ref, job);
      }
    },
    100,
  );
}

/** Adds `@category job` to the reflection's comment unless it has a category. */
function addCategory(reflection, job) {
  if (reflection.comment?.blockTags.some((t) => t.tag === "@category")) return;
  const tag = new CommentTag("@category", [{ kind: "text", text: job }]);
  if (reflection.comment === undefined) reflection.comment = new Comment([], [tag]);
  else reflection.comment.blockTags.push(tag);
}
