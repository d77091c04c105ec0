// Serves the built app (build/) on 127.0.0.1 unless HOST says otherwise.
process.env.HOST ??= '127.0.0.1';
process.env.PORT ??= '3000';
// adapter-node's own limit (512K by default) would refuse large expansion documents with a plain-text
// 413 before the API sees them: the API enforces its own limit (2 MB) with a JSON error body.
process.env.BODY_SIZE_LIMIT ??= '16M';
await import('../build/index.js');
