import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("GET /api/colleges", () => {
  it("is public and lists the seeded directory grouped by city, sorted", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/colleges" });
    expect(response.statusCode).toBe(200);
    const { cities } = response.json() as { cities: { city: string; colleges: { name: string }[] }[] };
    expect(cities.length).toBeGreaterThanOrEqual(25);
    expect(cities.flatMap((c) => c.colleges).length).toBeGreaterThanOrEqual(150);
    const names = cities.map((c) => c.city);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const collegesOf = (city: string) => cities.find((c) => c.city === city)?.colleges.map((c) => c.name);
    expect(collegesOf("Mumbai")).toContain("IIT Bombay");
    expect(collegesOf("New Delhi")).toContain("IIT Delhi");
    expect(collegesOf("Delhi")).toContain("Delhi Technological University");
    expect(collegesOf("Chennai")).toContain("IIT Madras");
    expect(collegesOf("Bengaluru")).toContain("Indian Institute of Science");
    expect(collegesOf("Pilani")).toContain("BITS Pilani");
  });
});
