import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env";

describe("loadConfig", () => {
  it("defaults to PORT 3000 and DATA_DIR ./data", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.isSecureCookie).toBe(false);
  });

  it("reads the values it is given", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgresql://bazaar@db.internal:5432/bazaar",
      ADMIN_EMAIL: "  Dean@College.AC.IN ",
      PUBLIC_URL: "https://bazaar.example.in/",
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_URL: "postgresql://bazaar@db.internal:5432/bazaar",
      ADMIN_EMAIL: "dean@college.ac.in",
      publicUrl: "https://bazaar.example.in",
      isSecureCookie: true,
    });
  });

  it.each([
    ["PORT", "not-a-number"],
    ["PORT", "70000"],
    ["PORT", "30.5"],
    ["DATABASE_URL", "mysql://root@localhost/bazaar"],
    ["DATABASE_URL", "not a url"],
    ["ADMIN_EMAIL", "admin-at-campus"],
    ["ADMIN_PASSWORD", "short"],
    ["SMTP_URL", "http://mail.example.in"],
    ["AUTH_RATE_LIMIT", "0"],
  ])("refuses %s=%j with an error that names the variable", (name, value) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("treats an empty optional URL as not configured", () => {
    const config = loadConfig({ DATABASE_URL: "", SMTP_URL: "  " });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it("treats an empty PORT as unset", () => {
    expect(loadConfig({ PORT: "" }).PORT).toBe(3000);
  });
});
