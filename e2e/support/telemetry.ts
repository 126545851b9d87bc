import type { OtlpSpan } from '../../apps/server/test/otlp-stand-in.js';
import { OTLP_PORT } from './ports.js';

export const OTLP_URL = `http://127.0.0.1:${OTLP_PORT}`;

/** Every span the collector stand-in received so far, the server's and the browsers'. */
export async function collectedSpans(): Promise<OtlpSpan[]> {
  const response = await fetch(`${OTLP_URL}/stand-in/spans`);
  return (await response.json()) as OtlpSpan[];
}

export const spanAttribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};
