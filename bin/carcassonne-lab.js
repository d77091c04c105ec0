#!/usr/bin/env node
// The CLI is written in TypeScript (src/cli); Node 20 runs it through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
