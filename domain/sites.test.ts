import { describe, expect, it } from 'vitest';
import { offerListLocale, resolveSiteFromHost, SITE_IDS, SITES } from './sites';

describe('site table', () => {
  it('has every site of CONTRACT.md with its currency, userLocale and dataAreaId', () => {
    const rows = SITE_IDS.map((id) => [id, SITES[id].currency, SITES[id].userLocale, SITES[id].dataAreaId || '–']);
    expect(rows).toEqual([
      ['law-au', 'AUD', 'en_AU', 'AUS'],
      ['vir-au', 'AUD', 'en_AU', 'AUS'],
      ['wpe-au', 'AUD', 'en_AU', 'AUS'],
      ['adc-au', 'AUD', 'en_AU', 'AUS'],
      ['vws-au', 'AUD', 'en_AU', 'AUS'],
      ['law-nz', 'NZD', 'en_NZ', 'NZL'],
      ['wpe-nz', 'NZD', 'en_NZ', 'NZL'],
      ['wsj-us', 'USD', 'en_US', '–'],
      ['law-hk', 'HKD', 'zh_HK_LW', '–'],
      ['hlw-hk', 'HKD', 'zh_HK_HKLW', '–'],
      ['law-tw', 'TWD', 'zh_TW', '–'],
    ]);
  });

  it('sets the free-shipping thresholds of SPEC §9 and the US voucher minimum', () => {
    expect(SITES['law-au'].freeShippingThresholdCents).toBe(34_700);
    expect(SITES['vws-au'].freeShippingThresholdCents).toBe(34_700);
    expect(SITES['law-nz'].freeShippingThresholdCents).toBe(39_200);
    expect(SITES['wsj-us'].minGiftVoucherAmount).toBe(1);
    expect(SITES['law-au'].minGiftVoucherAmount).toBe(25);
    expect(SITES['law-nz'].emailList.footerListId).toBeTruthy();
    expect(SITES['wpe-nz'].emailList.footerListId).toBeUndefined();
  });

  it('builds the offer-list locale', () => {
    expect(offerListLocale(SITES['wpe-nz'])).toBe('en_NZ_wpe');
  });
});

describe('resolveSiteFromHost', () => {
  const options = {
    defaultSite: 'law-au' as const,
    hosts: { 'www.virginwines.com.au': 'vir-au' as const },
    testHosts: { 'uat.laithwaites.co.nz': 'law-nz' as const },
  };

  it('reads {site}.localhost on any port as a live host', () => {
    expect(resolveSiteFromHost('vir-au.localhost:5173', options)).toMatchObject({
      site: { id: 'vir-au' },
      isTestHost: false,
    });
  });
  it('reads {site}.test.localhost as a test host', () => {
    expect(resolveSiteFromHost('law-nz.test.localhost', options)).toMatchObject({
      site: { id: 'law-nz' },
      isTestHost: true,
    });
  });
  it('uses configured production and test host names', () => {
    expect(resolveSiteFromHost('WWW.VirginWines.com.au', options)).toMatchObject({
      site: { id: 'vir-au' },
      isTestHost: false,
    });
    expect(resolveSiteFromHost('uat.laithwaites.co.nz:443', options)).toMatchObject({
      site: { id: 'law-nz' },
      isTestHost: true,
    });
  });
  it('falls back to the default site for unknown or missing hosts', () => {
    expect(resolveSiteFromHost('example.com', options).site.id).toBe('law-au');
    expect(resolveSiteFromHost('xyz-au.localhost', options).site.id).toBe('law-au');
    expect(resolveSiteFromHost(undefined, { defaultSite: 'wsj-us' }).site.id).toBe('wsj-us');
  });
});
