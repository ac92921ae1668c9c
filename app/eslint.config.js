// Lint for the React shell. Besides the usual TypeScript and hooks checks it holds the layers
// of the app (`eslint-plugin-boundaries`): imports only go down
//
//   ui  <-  core  <-  shared  <-  features  <-  pages | layout | app
//
// (a lower layer never imports a higher one), and a feature never imports another feature
// (features/auth may not reach into features/wallet): what two features share lives in shared/.
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const layers = {
  ui: [],
  core: ["ui"],
  shared: ["ui", "core"],
  feature: ["ui", "core", "shared"],
  pages: ["ui", "core", "shared", "feature", "pages"],
  layout: ["ui", "core", "shared", "feature", "layout"],
  app: ["ui", "core", "shared", "feature", "pages", "layout", "app"],
};

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**"] },
  {
    files: ["src/**/*.{ts,tsx}", "vite.config.ts"],
    extends: [tseslint.configs.recommended],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": ["error", { additionalHooks: "(useCommittedEffect)" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    // Tests may reach across layers to set a scene; the app itself may not.
    ignores: ["src/**/*.test.{ts,tsx}", "src/test-utils.ts", "src/testing-library.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".json"] } },
      "boundaries/include": ["src/**/*"],
      "boundaries/elements": [
        { type: "ui", pattern: "src/ui", partialMatch: false },
        { type: "core", pattern: "src/core", partialMatch: false },
        { type: "shared", pattern: "src/shared", partialMatch: false },
        { type: "feature", pattern: "src/features/*", capture: ["featureName"], partialMatch: false },
        { type: "pages", pattern: "src/pages", partialMatch: false },
        { type: "layout", pattern: "src/layout", partialMatch: false },
        // Listed last: what no folder above claims, the files at the root of src/ (main, App).
        { type: "app", pattern: "src", partialMatch: false },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        2,
        {
          default: "disallow",
          policies: [
            ...Object.entries(layers).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: [from === "feature" ? "__none__" : from, ...to] } } } },
            })),
            // Inside one feature, anything goes; across features, nothing.
            {
              from: { element: { type: "feature" } },
              allow: { to: { element: { type: "feature", captured: { featureName: "{{ from.element.captured.featureName }}" } } } },
            },
          ],
        },
      ],
    },
  },
);
