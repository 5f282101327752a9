/**
 * What the provider puts on a plan's checkout URL when it sends the browser back
 * (docs/product.md#screens-and-routes): `success=true&session_id=…` or `canceled=true`. Both plans'
 * routes read it the same way. A module of its own: the route keeps it beside the router, while
 * the page's code loads only when the page is opened.
 */
export interface CheckoutSearch {
  success: true | undefined;
  canceled: true | undefined;
  session_id: string | undefined;
}

export function checkoutSearch(search: Record<string, unknown>): CheckoutSearch {
  return {
    success: search.success === true || search.success === 'true' ? true : undefined,
    canceled: search.canceled === true || search.canceled === 'true' ? true : undefined,
    session_id: typeof search.session_id === 'string' ? search.session_id : undefined,
  };
}
