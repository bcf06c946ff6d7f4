import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface RestrictedPattern {
  group: string[];
}
interface Override {
  includes: string[];
  linter?: {
    rules?: {
      style?: { noRestrictedImports?: { level: string; options: { patterns: RestrictedPattern[] } } };
    };
  };
}

const root = new URL("../../", import.meta.url);
const biome = JSON.parse(readFileSync(new URL("biome.json", root), "utf8")) as { overrides: Override[] };
const features = readdirSync(new URL("web/features/", root), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function restrictionsFor(feature: string) {
  const override = biome.overrides.find((candidate) =>
    candidate.includes.includes(`web/features/${feature}/**`),
  );
  return override?.linter?.rules?.style?.noRestrictedImports;
}

// The lint rule is written out per feature; a feature added without its own entry would be free
// to import any other, so this test fails until biome.json names it.
describe("feature boundaries in the lint rule", () => {
  it.each(features)("%s may import no other feature and not the app shell, as an error", (feature) => {
    const rule = restrictionsFor(feature);
    expect(rule?.level).toBe("error");
    const forbidden = rule?.options.patterns.flatMap((pattern) => pattern.group) ?? [];
    const others = features.filter((other) => other !== feature).map((other) => `**/${other}/**`);
    expect(forbidden).toEqual(expect.arrayContaining([...others, "**/app/**"]));
    expect(forbidden).not.toContain(`**/${feature}/**`);
  });
});
