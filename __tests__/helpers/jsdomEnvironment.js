// jsdom lacks a few Web APIs that Node has: react-router 7 needs TextEncoder, the API client and
// firebase need fetch & co. Hand Node's own implementations to the jsdom global.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithWebApis extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'TextEncoder',
      'TextDecoder',
      'fetch',
      'Request',
      'Response',
      'Headers',
      'ReadableStream',
      'structuredClone',
      'AbortController',
      'AbortSignal',
    ]) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithWebApis;
