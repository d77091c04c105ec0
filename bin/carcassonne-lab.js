#!/usr/bin/env node
// The CLI is written in TypeScript (src/cli); Node 20 runs it from an esbuild bundle, rebuilt when a
// source changes, or through tsx's loader when it cannot be built (src/cli/bundle.js).
import { load } from '../src/cli/bundle.js';

const { main } = await load('main');
process.exitCode = await main(process.argv.slice(2));
