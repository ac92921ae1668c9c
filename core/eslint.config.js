// Lint for the core's JS snippets (`core/src/**/*.js`, imported by the Rust code through
// wasm-bindgen's `module = "..."`), with the app's ESLint and packages (run by the app's
// `npm run lint`). They run in the page, as ES modules.
import { createRequire } from "node:module";

const require = createRequire(new URL("../app/package.json", import.meta.url));
const js = require("@eslint/js");
const globals = require("globals");

export default [
  {
    files: ["src/**/*.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
  {
    // A Node script run by hand to regenerate the phone plans (see its header).
    files: ["src/domain/phone/gen_metadata.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
];
