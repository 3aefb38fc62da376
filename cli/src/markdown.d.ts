// esbuild's text loader (scripts/build.mjs) turns an imported .md file into its text.
declare module '*.md' {
  const text: string;
  export default text;
}
