// zod probes for eval with `new Function` unless it runs jitless; the console's Content Security
// Policy forbids eval, so the probe would only be blocked and reported as a violation. zod reads its
// configuration from this global when it loads, so it is set by a script that runs before the app.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
