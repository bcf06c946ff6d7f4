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
    ["S3_ENDPOINT", "ftp://files.example.in"],
    ["S3_BUCKET", "Campus_Files"],
    ["TRUST_PROXY", "true"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "10.0.0.1,proxy.internal"],
    ["TRUST_PROXY", "-1"],
    ["PUSH_ALLOWED_PRIVATE_HOSTS", "https://push.internal"],
    ["PUSH_ALLOWED_PRIVATE_HOSTS", "localhost:8443"],
    ["PUSH_ALLOWED_PRIVATE_HOSTS", "push.internal/send"],
    ["OUTBOX_TIMEOUT_MS", "600000"],
  ])("refuses %s=%j with an error that names the variable", (name, value) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("gives a request 30 seconds to arrive unless REQUEST_TIMEOUT_SECONDS says otherwise", () => {
    expect(loadConfig({}).REQUEST_TIMEOUT_SECONDS).toBe(30);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: "90" }).REQUEST_TIMEOUT_SECONDS).toBe(90);
    for (const value of ["0", "-5", "2.5", "soon"]) {
      expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: value })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    }
  });

  it("exempts no push host by default, and the comma-separated hosts of PUSH_ALLOWED_PRIVATE_HOSTS", () => {
    expect(loadConfig({}).PUSH_ALLOWED_PRIVATE_HOSTS).toEqual([]);
    expect(loadConfig({ PUSH_ALLOWED_PRIVATE_HOSTS: "" }).PUSH_ALLOWED_PRIVATE_HOSTS).toEqual([]);
    expect(
      loadConfig({ PUSH_ALLOWED_PRIVATE_HOSTS: " LocalHost, push.corp.internal,10.0.0.5,[fd00::5] " })
        .PUSH_ALLOWED_PRIVATE_HOSTS,
    ).toEqual(["localhost", "push.corp.internal", "10.0.0.5", "[fd00::5]"]);
  });

  it("treats an empty optional URL as not configured", () => {
    const config = loadConfig({ DATABASE_URL: "", SMTP_URL: "  " });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it("treats an empty PORT as unset", () => {
    expect(loadConfig({ PORT: "" }).PORT).toBe(3000);
  });

  describe("TRUST_PROXY", () => {
    it("trusts no proxy by default, or when false or 0", () => {
      expect(loadConfig({}).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    });

    it("takes a hop count", () => {
      expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual({ hops: 1 });
      expect(loadConfig({ TRUST_PROXY: " 2 " }).TRUST_PROXY).toEqual({ hops: 2 });
    });

    it("takes proxy addresses and CIDR ranges, comma-separated", () => {
      expect(
        loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.10,::1,fd00::/8,loopback" }).TRUST_PROXY,
      ).toEqual({
        addresses: ["10.0.0.0/8", "192.168.1.10", "::1", "fd00::/8", "loopback"],
      });
    });

    it("refuses a bare true, saying what to write instead", () => {
      for (const value of ["true", "TRUE", "yes"]) {
        const attempt = () => loadConfig({ TRUST_PROXY: value });
        expect(attempt).toThrow(ConfigError);
        expect(attempt).toThrow(/TRUST_PROXY: 'true' would trust any X-Forwarded-For/);
        expect(attempt).toThrow(/TRUST_PROXY=1 for one load balancer/);
      }
    });
  });

  describe("S3 storage", () => {
    const S3 = {
      S3_ENDPOINT: "https://s3.ap-south-1.amazonaws.com",
      S3_BUCKET: "campus-bazaar-files",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret/Example+Key",
      S3_REGION: "ap-south-1",
    };

    it("is off without the S3 variables, so files stay on local disk", () => {
      expect(loadConfig({}).s3).toBeUndefined();
      expect(loadConfig({ S3_ENDPOINT: "", S3_BUCKET: "" }).s3).toBeUndefined();
    });

    it("is on with all five, and takes S3_PUBLIC_URL without its trailing slash", () => {
      expect(loadConfig(S3).s3).toEqual({
        endpoint: "https://s3.ap-south-1.amazonaws.com",
        bucket: "campus-bazaar-files",
        accessKeyId: "AKIAEXAMPLE",
        secretAccessKey: "secret/Example+Key",
        region: "ap-south-1",
      });
      expect(loadConfig({ ...S3, S3_PUBLIC_URL: "https://cdn.example.in/files/" }).s3?.publicUrl).toBe(
        "https://cdn.example.in/files",
      );
    });

    it.each(Object.keys(S3))("stops with a message naming %s when only it is missing", (name) => {
      const attempt = () => loadConfig({ ...S3, [name]: "" });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(new RegExp(`\\b${name}: is missing`));
    });

    it("names every missing variable when S3_PUBLIC_URL is set alone", () => {
      const attempt = () => loadConfig({ S3_PUBLIC_URL: "https://cdn.example.in" });
      expect(attempt).toThrow(ConfigError);
      for (const name of Object.keys(S3)) expect(attempt).toThrow(new RegExp(`\\b${name}: is missing`));
    });
  });
});
