// Vendored data files are bundled as text by tsup's/esbuild's text loader.
declare module "*.csv" {
  const text: string;
  export default text;
}
declare module "*.txt" {
  const text: string;
  export default text;
}
