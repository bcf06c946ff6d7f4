import { chromium } from "playwright-core";
import fs from "node:fs";
const base = "http://127.0.0.1:4600";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const c = await b.newContext({ baseURL: base, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
await c.request.post("/api/auth/login", { data: { email: "priyanka.sen.1@demo.campusbazaar.in", password: "CampusDemo#2025" } });
const p = await c.newPage();
await p.goto("/dashboard"); await p.waitForTimeout(1500);
await p.goto("about:blank");
const cdp = await c.newCDPSession(p);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
const events = [];
cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading", transferMode: "ReportEvents" });
await p.goto(process.argv[2] ?? "/buy?college=");
await p.waitForTimeout(7000);
await cdp.send("Tracing.end"); await done;
fs.writeFileSync("/tmp/trace.json", JSON.stringify(events));
const main = events.filter((e) => e.name === "RunTask" && e.dur > 30000);
// find renderer main thread: thread with most RunTask
const byTid = new Map(); for (const e of events) if (e.name==="RunTask") byTid.set(e.tid,(byTid.get(e.tid)??0)+e.dur);
const tid = [...byTid.entries()].sort((a,b)=>b[1]-a[1])[0][0];
const nav = events.find(e=>e.name==="navigationStart" ) ?? events[0];
const t0 = events.filter(e=>e.tid===tid && e.name==="RunTask").sort((a,b)=>a.ts-b.ts)[0].ts;
for (const task of main.filter(e=>e.tid===tid).sort((a,b)=>a.ts-b.ts)) {
  const inside = events.filter(e=>e.tid===tid && e.ts>=task.ts && e.ts+ (e.dur??0) <= task.ts+task.dur && e !== task && e.dur > 3000);
  const top = inside.map(e=>`${e.name}${e.args?.data?.functionName?":"+e.args.data.functionName:""}${e.args?.data?.url?"@"+String(e.args.data.url).replace(/.*\//,"").slice(0,30):""}${e.args?.data?.type? "["+e.args.data.type+"]":""} ${(e.dur/1000).toFixed(0)}`);
  console.log(`task at ${((task.ts-t0)/1000).toFixed(0)}ms dur ${(task.dur/1000).toFixed(0)}ms: ${top.slice(0,12).join(" | ")}`);
}
await b.close();
