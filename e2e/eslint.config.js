// The end-to-end harness's own lint rules; the root config spreads this.
export default []
