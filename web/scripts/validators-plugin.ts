import type { Plugin } from 'vite';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import standaloneModule from 'ajv/dist/standalone/index.js';
import {
  BillingDetails,
  CaptureChangePaymentMethod,
  CaptureOrder,
  EntryCreate,
  EntryUpdate,
  SectionSave,
  SubscriptionCreate,
  SubscriptionRevise,
  SubscriptionUpdate,
  UserForm,
  UserUpdate,
} from '../../contracts/src/index.js';

/**
 * `virtual:relaycast-validators`: the contracts' ajv schemas the admin and account forms check in the browser,
 * compiled by ajv at build time (ajv's standalone code). The site's Content-Security-Policy has no 'unsafe-eval',
 * so ajv.compile — which generates functions at run time — cannot run in the browser; these functions are the
 * same validation code ajv would generate there, with the same options as contracts' validator. Their errors go
 * through contracts' problemsFromErrors / messageOfProblems, so the browser's messages are the server's.
 */
export const BROWSER_SCHEMAS = {
  BillingDetails,
  UserForm,
  UserUpdate,
  SubscriptionCreate,
  SubscriptionUpdate,
  SubscriptionRevise,
  CaptureOrder,
  CaptureChangePaymentMethod,
  EntryCreate,
  EntryUpdate,
  SectionSave,
} as const;

const VIRTUAL_ID = 'virtual:relaycast-validators';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type Interop<T> = T & { default?: T };
const addFormats = ((addFormatsModule as Interop<typeof addFormatsModule>).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;
const standaloneCode = ((standaloneModule as Interop<typeof standaloneModule>).default ?? standaloneModule) as unknown as (ajv: Ajv, refs: Record<string, string>) => string;

/** ESM source of the compiled validators, one named export per schema. */
export function validatorsSource(): string {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, code: { source: true, esm: true } });
  addFormats(ajv);
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(BROWSER_SCHEMAS)) {
    ajv.addSchema(schema, name);
    refs[name] = name;
  }
  let code = standaloneCode(ajv, refs);
  // The standalone code reaches ajv's runtime helpers and the formats with require(); the browser gets imports.
  const imports: string[] = [];
  code = code.replace(/require\("([^"]+)"\)((?:\.\w+)*)/g, (_all, mod: string, path: string) => {
    const local = `__dep${imports.length}`;
    imports.push(`import * as ${local} from ${JSON.stringify(mod.endsWith('.js') ? mod : `${mod}.js`)};`);
    return `__pick(${local}, ${JSON.stringify(path.split('.').filter(Boolean))})`;
  });
  // CommonJS interop differs between bundlers and Node: the namespace's default may be module.exports or its
  // `default`. The property path is looked up from the innermost object out.
  imports.push(`function __pick(ns, path) {
  for (const base of [ns && ns.default && ns.default.default, ns && ns.default, ns]) {
    let v = base;
    for (const p of path) v = v == null ? undefined : v[p];
    if (v !== undefined) return v;
  }
  throw new Error('validators: cannot resolve ' + path.join('.'));
}`);
  return `${imports.join('\n')}\n${code.replace(/^"use strict";/, '')}`;
}

export function validatorsPlugin(): Plugin {
  let source: string | null = null;
  return {
    name: 'relaycast-validators',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      source ??= validatorsSource();
      return source;
    },
  };
}
