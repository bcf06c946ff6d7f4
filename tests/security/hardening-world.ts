import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { fetchDocument, type Operation, operationsOf } from "./operations";
import { type Actor, createWorld, type World } from "./world";

/**
 * What the trust, configuration and leak checks of the hardening work share
 * (hardening-{caching,dates,texts,proxy,config,exports}.test.ts): one app for the file,
 * every operation its OpenAPI document lists, and a world of records to call them on.
 */
export interface HardeningWorld {
  testApp: TestApp;
  operations: Operation[];
  world: World;
  /** Who calls an operation: the administrator for an admin one, else the owner of the world's records. */
  callerOf: (operation: Operation) => Actor;
}

/** Opens the app and its world before the file's tests, and closes it after them. */
export function openHardeningWorld(): HardeningWorld {
  const suite = {
    callerOf: (operation: Operation) => (operation.role === "admin" ? suite.world.admin : suite.world.owner),
  } as HardeningWorld;
  beforeAll(async () => {
    suite.testApp = await createTestApp();
    suite.operations = operationsOf(await fetchDocument(suite.testApp));
    suite.world = await createWorld(suite.testApp);
  });
  afterAll(() => suite.testApp?.close());
  return suite;
}

export function expectErrorShape(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
  const error = JSON.parse(response.body).error;
  expect(typeof error?.code, what).toBe("string");
  expect(typeof error?.message, what).toBe("string");
  return error as { code: string; message: string };
}

/** The schema of a body's property, looking into each variant of a union. */
export function propertySchema(operation: Operation, name: string): OpenAPIV3.SchemaObject | undefined {
  const schema = operation.bodySchema;
  if (!schema) return undefined;
  const variants = (schema.oneOf ?? schema.anyOf ?? [schema]) as OpenAPIV3.SchemaObject[];
  for (const variant of variants) {
    const property = variant.properties?.[name] as OpenAPIV3.SchemaObject | undefined;
    if (property) return (property.anyOf?.[0] as OpenAPIV3.SchemaObject | undefined) ?? property;
  }
  return undefined;
}
