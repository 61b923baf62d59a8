import type { LlmSettings } from '@podcast/contracts';
import type { AddressPolicy, AllowedHosts, ResolveHost } from '@podcast/runtime';
import { guardedPostJson, strictAddressPolicy, systemResolveHost } from '@podcast/runtime';
import { checkedSentences, type Summarizer, summaryPrompt } from './summary.js';

export interface ChatSettings {
  /** Up to and including the version segment, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  addressPolicy: AddressPolicy;
  allowedHosts: AllowedHosts;
  resolveHost: ResolveHost;
  /** Where a failed call is reported (its reason, never the question). */
  onError?: (reason: string) => void;
}

interface ChatReply {
  choices?: { message?: { content?: unknown } }[];
}

/**
 * A summarizer over an OpenAI-compatible `POST /chat/completions`, through
 * the outbound guard. Every failure (refused host, timeout, error status,
 * malformed reply, too few cited sentences) answers null: the caller keeps
 * its extractive answer.
 */
export function chatSummarizer(settings: ChatSettings): Summarizer {
  const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  return async (question, evidence) => {
    if (evidence.length === 0) {
      return null;
    }
    try {
      const response = await guardedPostJson(
        url,
        {
          model: settings.model,
          messages: summaryPrompt(question, evidence),
          temperature: 0,
          max_tokens: 400,
        },
        {
          addressPolicy: settings.addressPolicy,
          allowedHosts: settings.allowedHosts,
          resolveHost: settings.resolveHost,
          timeoutMs: settings.timeoutMs,
          maxBytes: 256 * 1024,
          ...(settings.apiKey ? { headers: { authorization: `Bearer ${settings.apiKey}` } } : {}),
        },
      );
      if (response.status !== 200) {
        settings.onError?.(`chat model answered ${response.status}`);
        return null;
      }
      const content = (JSON.parse(response.body.toString('utf8')) as ChatReply).choices?.[0]
        ?.message?.content;
      const sentences =
        typeof content === 'string' ? checkedSentences(content, evidence.length) : null;
      return sentences ? { sentences, model: settings.model } : null;
    } catch (err) {
      settings.onError?.(err instanceof Error ? err.message : 'chat call failed');
      return null;
    }
  };
}

/**
 * The configured chat model as a summarizer under the production guard
 * (public addresses, or a host OUTBOUND_ALLOWED_HOSTS lists); undefined
 * when none is configured.
 */
export function summarizerOf(
  llm: LlmSettings | undefined,
  allowedHosts: AllowedHosts,
  onError?: (reason: string) => void,
): Summarizer | undefined {
  if (llm === undefined) {
    return undefined;
  }
  return chatSummarizer({
    ...llm,
    addressPolicy: strictAddressPolicy,
    allowedHosts,
    resolveHost: systemResolveHost,
    ...(onError ? { onError } : {}),
  });
}
