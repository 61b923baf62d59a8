/// <reference types="@podcast/testing/webvtt-parser" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { type FeedObject, parseFeed } from 'podcast-partytime';
import { WebVTTParser } from 'webvtt-parser';

/** A feed as the Podcast Index's parser reads it; throws when it cannot. */
export function parsedFeed(xml: string): FeedObject {
  const feed = parseFeed(xml);
  if (feed === null) {
    throw new Error(`podcast-partytime could not read the feed: ${xml.slice(0, 200)}`);
  }
  return feed;
}

/** A show's overlay feed path. */
export const showFeedPath = (feedId: string) =>
  `/api/app/feeds/${encodeURIComponent(feedId)}/podcast.xml`;

const SCHEMAS = path.join(import.meta.dirname, '..', 'fixtures', 'podcast-namespace');

function schemaValidator(name: string): ValidateFunction {
  return new Ajv({ allErrors: true }).compile(
    JSON.parse(readFileSync(path.join(SCHEMAS, name), 'utf8')),
  );
}

/** Validators of the namespace's published JSON shapes (written as JSON Schemas for the tests). */
export const namespaceShapes = {
  chapters: schemaValidator('chapters-1.2.schema.json'),
  transcript: schemaValidator('json-transcript-1.0.schema.json'),
};

/** The W3C WebVTT parser with the full entity table. */
export function parseWebVtt(text: string) {
  const entities = createRequire(import.meta.url)('webvtt-parser/html-entities.json');
  return new WebVTTParser(entities).parse(text, 'metadata');
}
