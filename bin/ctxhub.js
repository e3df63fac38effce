#!/usr/bin/env node
// Entry point of the `ctxhub` command: loads the TypeScript sources through tsx's in-process loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/index.ts');
