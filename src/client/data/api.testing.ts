/** Test support: an ApiTransport that answers from a handler and records every request. */
import type { ApiRequest, ApiResult, ApiTransport } from './api.ts';

export class MemoryTransport implements ApiTransport {
  readonly requests: ApiRequest[] = [];

  constructor(private readonly handler: (request: ApiRequest) => ApiResult | Promise<ApiResult>) {}

  async request(request: ApiRequest): Promise<ApiResult> {
    this.requests.push(request);
    return this.handler(request);
  }
}
