// Serves the built app (build/) on 127.0.0.1 unless HOST says otherwise.
process.env.HOST ??= '127.0.0.1';
process.env.PORT ??= '3000';
await import('../build/index.js');
