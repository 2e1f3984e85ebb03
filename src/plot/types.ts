/**
 * A Vega-Lite specification as plain JSON: hand it to `vega-embed`, a Jupyter
 * or Deno notebook display, or `vega-lite`'s `compile` to render. Builders in
 * this folder return it fully materialised (data inlined as `data.values`), so
 * `JSON.stringify` of it is a complete chart.
 */
export type VegaLiteSpec = {
  /** The Vega-Lite JSON schema URL (version 5 or later). */
  readonly $schema: string;
  /** Any further Vega-Lite properties: `data`, `mark`, `encoding`, `layer`, ... */
  readonly [property: string]: unknown;
};

/** Options every plot builder accepts. */
export type PlotOptions = {
  /** Chart title. @defaultValue no title */
  readonly title?: string;
  /** Width of the plotting area in pixels, a positive finite number. @defaultValue 400 */
  readonly width?: number;
  /** Height of the plotting area in pixels, a positive finite number. @defaultValue 250 */
  readonly height?: number;
};
