import base from "./playwright.config";
import { defineConfig } from "@playwright/test";

// Screenshots for review (scripts/screenshots.sh), never part of the test command.
export default defineConfig({ ...base, testDir: "shots" });
