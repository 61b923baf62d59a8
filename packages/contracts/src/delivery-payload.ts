import { z } from './zod.js';

/**
 * The structured payload of a delivery envelope (spec 02, property 1: JSON,
 * never HTML; rendering lives in the worker). Objects are strict so markup
 * cannot ride in through an unexpected key.
 */

// Anything that looks like a tag, comment or doctype. Plain "<" and ">" in
// prose ("3 < 5") stay allowed.
const MARKUP = /<\s*[A-Za-z!/?][^>]*>/;

export const PlainText = z
  .string()
  .refine((text) => !MARKUP.test(text), 'plain text only; HTML is rendered by the worker')
  .openapi({ description: 'Plain text; no HTML' });

// Deep links open the app (a bridge view), never an audio file: they are
// app-relative paths the worker prefixes with PODCAST_APP_BASE_URL.
const AUDIO_FILE = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)(\?|#|$)/i;
export const DeepLink = z
  .string()
  .regex(/^\/(?!\/)/, 'expected an app-relative path starting with a single /')
  .refine(
    (link) => !AUDIO_FILE.test(link) && !link.includes('/audio-source'),
    'deep links never point at audio',
  )
  .openapi({ example: '/episodes/p09-a4bbb5dde3?insight=insight%3A9f00aa11bb22cc33' });

export const GraphRef = z
  .string()
  .regex(/^[a-z_]+:.+/, 'expected a prefixed graph id such as topic:drainage')
  .openapi({ example: 'topic:drainage' });

export const DeliveryItem = z
  .strictObject({
    title: PlainText.min(1),
    subtitle: PlainText.optional(),
    text: PlainText.optional(),
    image_url: z.url({ protocol: /^https?$/ }).optional(),
    graph_refs: z.array(GraphRef).openapi({ description: 'Bridge ids the item is about' }),
    deep_link: DeepLink,
  })
  .openapi('DeliveryItem');
export type DeliveryItem = z.infer<typeof DeliveryItem>;

export const DeliverySection = z
  .strictObject({
    kind: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, 'expected a snake_case section kind')
      .openapi({
        example: 'top_insights',
      }),
    title: PlainText.min(1),
    items: z.array(DeliveryItem).min(1),
  })
  .openapi('DeliverySection');
export type DeliverySection = z.infer<typeof DeliverySection>;

export const DeliveryPayload = z
  .strictObject({
    headline: PlainText.optional(),
    sections: z.array(DeliverySection).min(1),
  })
  .openapi('DeliveryPayload', {
    description: 'Structured content; an envelope is only made when there is some',
  });
export type DeliveryPayload = z.infer<typeof DeliveryPayload>;
