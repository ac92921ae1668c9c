import base from "./firefox.config";
import { defineConfig } from "@playwright/test";

// Firefox screenshots for review (scripts/screenshots-firefox.sh), never part of the test command.
export default defineConfig({ ...base, testDir: "firefox-shots", outputDir: "test-results/firefox-shots" });
