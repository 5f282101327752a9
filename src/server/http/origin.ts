/**
 * The app's public origin, in one place: APP_URL's when it is set (what the operator says the app
 * is reached at), else the protocol and host this request arrived with (behind TRUST_PROXY, what
 * the proxy reports). Payment return URLs and the content security policy both name it.
 */
import type { FastifyRequest } from 'fastify';

export interface Origin {
  protocol: 'http' | 'https';
  /** Host name or address, with the port when it is not the default. */
  host: string;
}

export function appOrigin(appUrl: string | undefined, request: Pick<FastifyRequest, 'protocol' | 'host'>): Origin {
  if (appUrl) {
    const url = new URL(appUrl);
    return { protocol: url.protocol === 'https:' ? 'https' : 'http', host: url.host };
  }
  return { protocol: request.protocol, host: request.host };
}

/** `https://runway.example` */
export const originText = (origin: Origin): string => `${origin.protocol}://${origin.host}`;
