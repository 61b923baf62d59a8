import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCall {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

export interface FakeChatServer {
  /** `http://127.0.0.1:<port>/v1`, as LLM_BASE_URL takes it. */
  baseUrl: string;
  calls: ChatCall[];
  /** What the next completions answer: the assistant's text, an HTTP status, or silence. */
  reply: { content: string } | { status: number } | 'hang';
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local server speaking the OpenAI chat completions protocol
 * (`POST /v1/chat/completions`, a `choices[0].message.content` answer),
 * recording each call.
 */
export async function startFakeChatServer(): Promise<FakeChatServer> {
  const calls: ChatCall[] = [];
  const hanging = new Set<() => void>();
  const fake = { calls, reply: { content: '' } } as unknown as FakeChatServer;
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await bodyOf(req)) as ChatCall['body'];
    calls.push({ authorization: req.headers.authorization, body });
    const reply = fake.reply;
    if (reply === 'hang') {
      hanging.add(() => res.destroy());
      return;
    }
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${calls.length}`,
        object: 'chat.completion',
        created: 1_764_000_000,
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: reply.content },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 40, total_tokens: 140 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = async () => {
    for (const end of hanging) {
      end();
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
