// The customer-image policy at request time, for every kind that downloads caller images: the caller
// hears now (422, naming the field) about a URL the step would refuse. The step checks again, per hop and
// per resolved address, when it downloads.
import { ApiError } from '../../core/errors.ts';
import { checkUrlSyntax, customerImagePolicy, type StageUrlRules } from '../../core/outbound/url-policy.ts';

/** An image URL of a request and the field it came from, as the caller wrote it. */
export interface RequestImageUrl {
  readonly field: string;
  readonly url: string;
}

/** 422 URL_NOT_ALLOWED, naming the field, unless the stage would download from every one of the URLs. */
export function checkCustomerImageUrls(urls: readonly RequestImageUrl[], rules: StageUrlRules): void {
  const policy = customerImagePolicy(rules);
  for (const { field, url } of urls) {
    const checked = checkUrlSyntax(url, policy);
    if (!checked.ok) throw new ApiError('URL_NOT_ALLOWED', `${field} is not allowed: ${checked.reason}`);
  }
}

/** The caller's imagery URL of a request, if it has one. */
export function imageryUrls(body: {
  readonly imagery?: { readonly image_url: string } | null;
}): RequestImageUrl[] {
  return body.imagery ? [{ field: 'imagery.image_url', url: body.imagery.image_url }] : [];
}

/** A video request's end-card logo URL, if it has one. */
export function brandingUrls(body: {
  readonly branding?: { readonly agency_logo_url?: string } | null;
}): RequestImageUrl[] {
  const url = body.branding?.agency_logo_url;
  return url ? [{ field: 'branding.agency_logo_url', url }] : [];
}
