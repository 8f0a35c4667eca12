// A webhook receiver inside the smoke process: it verifies every delivery with the reference Standard
// Webhooks library and the organization's secret, as an integrator's receiver would, and answers 204
// either way (a delivery that fails verification is the smoke's finding, not something to retry).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { JobEvent } from '../../clients/typescript/src/index.ts';

interface Delivery {
  readonly receivedAt: number;
  readonly webhookId: string | undefined;
  /** The verified event; undefined when verification failed (see `problem`). */
  readonly event: JobEvent | undefined;
  readonly problem: string | undefined;
}

export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  private server: Server | undefined;
  url = '';

  constructor(private readonly secret: string) {}

  async listen(host: string, port: number): Promise<void> {
    const verifier = new Webhook(this.secret);
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let event: JobEvent | undefined;
      let problem: string | undefined;
      try {
        event = verifier.verify(body, headers) as JobEvent;
        if (event.id !== headers['webhook-id'])
          problem = `webhook-id ${headers['webhook-id']} is not the event's id`;
      } catch (error) {
        problem = `signature: ${(error as Error).message}`;
      }
      this.deliveries.push({ receivedAt: Date.now(), webhookId: headers['webhook-id'], event, problem });
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, resolve);
    });
    const address = this.server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.url = `http://${shownHost}:${address.port}/smoke`;
  }

  close(): void {
    this.server?.closeAllConnections();
    this.server?.close();
  }
}
