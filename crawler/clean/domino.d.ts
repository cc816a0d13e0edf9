// Turndown's HTML parser; its own index.d.ts declares the module by its old name ('domino').
declare module '@mixmark-io/domino' {
  const domino: { createDocument(html?: string, force?: boolean): Document };
  export default domino;
}
