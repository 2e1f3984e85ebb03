declare module "seedrandom/lib/alea.js" {
  /** Alea PRNG from the `seedrandom` package (Johannes Baagøe's algorithm). */
  function alea(seed?: string): () => number;
  export default alea;
}
