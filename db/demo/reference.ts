import type { postcodes as postcodesTable, vouchers as vouchersTable } from '../schema';

type PostcodeRow = typeof postcodesTable.$inferInsert;
type VoucherRow = typeof vouchersTable.$inferInsert;

// One "postcode|locality|state" per line; AU states are their abbreviations, NZ uses region names. The AU list
// holds every edge of Unlimited's out-of-area ranges (SPEC §9: 0800–0999, 6215–6799, 2899, 7151) and the in-area
// postcode either side (0799, 1000, 2898, 2900, 6214, 6800, 7150, 7152), so the tests can try each edge.
const AU_POSTCODES = `
1000|Sydney|NSW
2000|Sydney|NSW
2007|Ultimo|NSW
2008|Chippendale|NSW
2009|Pyrmont|NSW
2010|Surry Hills|NSW
2011|Potts Point|NSW
2015|Alexandria|NSW
2016|Redfern|NSW
2017|Waterloo|NSW
2021|Paddington|NSW
2022|Bondi Junction|NSW
2023|Bellevue Hill|NSW
2024|Bronte|NSW
2025|Woollahra|NSW
2026|Bondi Beach|NSW
2027|Darling Point|NSW
2028|Double Bay|NSW
2029|Rose Bay|NSW
2030|Vaucluse|NSW
2031|Randwick|NSW
2032|Kingsford|NSW
2033|Kensington|NSW
2034|Coogee|NSW
2035|Maroubra|NSW
2037|Glebe|NSW
2038|Annandale|NSW
2039|Rozelle|NSW
2040|Leichhardt|NSW
2041|Balmain|NSW
2042|Newtown|NSW
2043|Erskineville|NSW
2044|St Peters|NSW
2045|Haberfield|NSW
2046|Five Dock|NSW
2047|Drummoyne|NSW
2048|Stanmore|NSW
2049|Petersham|NSW
2050|Camperdown|NSW
2060|North Sydney|NSW
2061|Kirribilli|NSW
2062|Cammeray|NSW
2063|Northbridge|NSW
2064|Artarmon|NSW
2065|St Leonards|NSW
2066|Lane Cove|NSW
2067|Chatswood|NSW
2068|Willoughby|NSW
2069|Roseville|NSW
2070|Lindfield|NSW
2071|Killara|NSW
2072|Gordon|NSW
2073|Pymble|NSW
2074|Turramurra|NSW
2075|St Ives|NSW
2076|Wahroonga|NSW
2077|Hornsby|NSW
2088|Mosman|NSW
2089|Neutral Bay|NSW
2090|Cremorne|NSW
2093|Balgowlah|NSW
2095|Manly|NSW
2096|Freshwater|NSW
2099|Dee Why|NSW
2100|Brookvale|NSW
2107|Avalon Beach|NSW
2110|Hunters Hill|NSW
2112|Ryde|NSW
2113|Macquarie Park|NSW
2114|West Ryde|NSW
2118|Carlingford|NSW
2120|Pennant Hills|NSW
2121|Epping|NSW
2122|Eastwood|NSW
2131|Ashfield|NSW
2134|Burwood|NSW
2135|Strathfield|NSW
2137|Concord|NSW
2140|Homebush|NSW
2141|Lidcombe|NSW
2144|Auburn|NSW
2145|Westmead|NSW
2150|Parramatta|NSW
2153|Baulkham Hills|NSW
2155|Kellyville|NSW
2160|Merrylands|NSW
2165|Fairfield|NSW
2166|Cabramatta|NSW
2170|Liverpool|NSW
2200|Bankstown|NSW
2204|Marrickville|NSW
2205|Arncliffe|NSW
2216|Rockdale|NSW
2217|Kogarah|NSW
2220|Hurstville|NSW
2230|Cronulla|NSW
2232|Sutherland|NSW
2250|Gosford|NSW
2256|Woy Woy|NSW
2259|Wyong|NSW
2260|Terrigal|NSW
2290|Charlestown|NSW
2300|Newcastle|NSW
2320|Maitland|NSW
2325|Cessnock|NSW
2330|Singleton|NSW
2333|Muswellbrook|NSW
2340|Tamworth|NSW
2350|Armidale|NSW
2360|Inverell|NSW
2380|Gunnedah|NSW
2390|Narrabri|NSW
2400|Moree|NSW
2430|Taree|NSW
2440|Kempsey|NSW
2444|Port Macquarie|NSW
2450|Coffs Harbour|NSW
2460|Grafton|NSW
2478|Ballina|NSW
2480|Lismore|NSW
2481|Byron Bay|NSW
2500|Wollongong|NSW
2515|Thirroul|NSW
2526|Dapto|NSW
2529|Shellharbour|NSW
2533|Kiama|NSW
2536|Batemans Bay|NSW
2540|Nowra|NSW
2548|Merimbula|NSW
2550|Bega|NSW
2560|Campbelltown|NSW
2570|Camden|NSW
2576|Bowral|NSW
2577|Moss Vale|NSW
2580|Goulburn|NSW
2594|Young|NSW
2620|Queanbeyan|NSW
2640|Albury|NSW
2650|Wagga Wagga|NSW
2680|Griffith|NSW
2700|Narrandera|NSW
2710|Deniliquin|NSW
2720|Tumut|NSW
2750|Penrith|NSW
2753|Richmond|NSW
2756|Windsor|NSW
2770|Mount Druitt|NSW
2780|Katoomba|NSW
2790|Lithgow|NSW
2795|Bathurst|NSW
2800|Orange|NSW
2830|Dubbo|NSW
2840|Bourke|NSW
2850|Mudgee|NSW
2870|Parkes|NSW
2880|Broken Hill|NSW
2898|Lord Howe Island|NSW
2899|Norfolk Island|NSW
2600|Barton|ACT
2601|Canberra|ACT
2602|Dickson|ACT
2603|Griffith|ACT
2604|Kingston|ACT
2605|Curtin|ACT
2606|Phillip|ACT
2612|Braddon|ACT
2617|Belconnen|ACT
2900|Tuggeranong|ACT
2902|Kambah|ACT
2912|Gungahlin|ACT
2913|Franklin|ACT
2914|Forde|ACT
3000|Melbourne|VIC
3002|East Melbourne|VIC
3003|West Melbourne|VIC
3006|Southbank|VIC
3008|Docklands|VIC
3011|Footscray|VIC
3013|Yarraville|VIC
3015|Newport|VIC
3016|Williamstown|VIC
3020|Sunshine|VIC
3030|Werribee|VIC
3031|Flemington|VIC
3032|Ascot Vale|VIC
3039|Moonee Ponds|VIC
3040|Essendon|VIC
3051|North Melbourne|VIC
3052|Parkville|VIC
3053|Carlton|VIC
3054|Carlton North|VIC
3055|Brunswick West|VIC
3056|Brunswick|VIC
3057|Brunswick East|VIC
3058|Coburg|VIC
3065|Fitzroy|VIC
3066|Collingwood|VIC
3067|Abbotsford|VIC
3068|Clifton Hill|VIC
3070|Northcote|VIC
3071|Thornbury|VIC
3072|Preston|VIC
3078|Fairfield|VIC
3079|Ivanhoe|VIC
3084|Heidelberg|VIC
3101|Kew|VIC
3103|Balwyn|VIC
3104|Balwyn North|VIC
3108|Doncaster|VIC
3121|Richmond|VIC
3122|Hawthorn|VIC
3123|Hawthorn East|VIC
3124|Camberwell|VIC
3126|Canterbury|VIC
3127|Surrey Hills|VIC
3128|Box Hill|VIC
3134|Ringwood|VIC
3136|Croydon|VIC
3140|Lilydale|VIC
3141|South Yarra|VIC
3142|Toorak|VIC
3143|Armadale|VIC
3144|Malvern|VIC
3145|Malvern East|VIC
3146|Glen Iris|VIC
3150|Glen Waverley|VIC
3168|Clayton|VIC
3175|Dandenong|VIC
3181|Prahran|VIC
3182|St Kilda|VIC
3183|Balaclava|VIC
3184|Elwood|VIC
3185|Elsternwick|VIC
3186|Brighton|VIC
3187|Brighton East|VIC
3188|Hampton|VIC
3190|Sandringham|VIC
3192|Cheltenham|VIC
3195|Mordialloc|VIC
3199|Frankston|VIC
3204|Bentleigh|VIC
3205|South Melbourne|VIC
3206|Albert Park|VIC
3207|Port Melbourne|VIC
3220|Geelong|VIC
3225|Queenscliff|VIC
3228|Torquay|VIC
3230|Anglesea|VIC
3232|Lorne|VIC
3250|Colac|VIC
3280|Warrnambool|VIC
3305|Portland|VIC
3337|Melton|VIC
3350|Ballarat|VIC
3400|Horsham|VIC
3429|Sunbury|VIC
3444|Kyneton|VIC
3450|Castlemaine|VIC
3460|Daylesford|VIC
3500|Mildura|VIC
3550|Bendigo|VIC
3564|Echuca|VIC
3585|Swan Hill|VIC
3630|Shepparton|VIC
3672|Benalla|VIC
3677|Wangaratta|VIC
3690|Wodonga|VIC
3741|Bright|VIC
3747|Beechworth|VIC
3775|Yarra Glen|VIC
3777|Healesville|VIC
3806|Berwick|VIC
3840|Morwell|VIC
3844|Traralgon|VIC
3850|Sale|VIC
3875|Bairnsdale|VIC
3922|Cowes|VIC
3931|Mornington|VIC
3939|Rosebud|VIC
3943|Sorrento|VIC
3977|Cranbourne|VIC
3995|Wonthaggi|VIC
4000|Brisbane City|QLD
4005|New Farm|QLD
4006|Fortitude Valley|QLD
4007|Ascot|QLD
4010|Albion|QLD
4011|Clayfield|QLD
4030|Windsor|QLD
4031|Kedron|QLD
4032|Chermside|QLD
4059|Red Hill|QLD
4064|Paddington|QLD
4066|Toowong|QLD
4067|St Lucia|QLD
4068|Indooroopilly|QLD
4101|West End|QLD
4102|Woolloongabba|QLD
4120|Greenslopes|QLD
4121|Holland Park|QLD
4122|Mount Gravatt|QLD
4151|Coorparoo|QLD
4152|Camp Hill|QLD
4169|Kangaroo Point|QLD
4170|Cannon Hill|QLD
4178|Wynnum|QLD
4209|Coomera|QLD
4215|Southport|QLD
4217|Surfers Paradise|QLD
4218|Broadbeach|QLD
4220|Burleigh Heads|QLD
4221|Palm Beach|QLD
4225|Coolangatta|QLD
4226|Robina|QLD
4305|Ipswich|QLD
4350|Toowoomba|QLD
4370|Warwick|QLD
4380|Stanthorpe|QLD
4390|Goondiwindi|QLD
4405|Dalby|QLD
4455|Roma|QLD
4500|Strathpine|QLD
4510|Caboolture|QLD
4551|Caloundra|QLD
4556|Buderim|QLD
4558|Maroochydore|QLD
4567|Noosa Heads|QLD
4570|Gympie|QLD
4610|Kingaroy|QLD
4650|Maryborough|QLD
4655|Hervey Bay|QLD
4670|Bundaberg|QLD
4680|Gladstone|QLD
4700|Rockhampton|QLD
4720|Emerald|QLD
4730|Longreach|QLD
4740|Mackay|QLD
4802|Airlie Beach|QLD
4810|Townsville|QLD
4820|Charters Towers|QLD
4825|Mount Isa|QLD
4850|Ingham|QLD
4860|Innisfail|QLD
4870|Cairns|QLD
4875|Thursday Island|QLD
4877|Port Douglas|QLD
4880|Mareeba|QLD
4883|Atherton|QLD
4895|Cooktown|QLD
5000|Adelaide|SA
5006|North Adelaide|SA
5015|Port Adelaide|SA
5022|Henley Beach|SA
5031|Mile End|SA
5034|Goodwood|SA
5045|Glenelg|SA
5048|Brighton|SA
5061|Unley|SA
5063|Parkside|SA
5067|Norwood|SA
5068|Kensington|SA
5082|Prospect|SA
5108|Salisbury|SA
5112|Elizabeth|SA
5118|Gawler|SA
5125|Golden Grove|SA
5152|Stirling|SA
5162|Morphett Vale|SA
5171|McLaren Vale|SA
5211|Victor Harbor|SA
5214|Goolwa|SA
5223|Kingscote|SA
5245|Hahndorf|SA
5251|Mount Barker|SA
5253|Murray Bridge|SA
5263|Coonawarra|SA
5271|Naracoorte|SA
5290|Mount Gambier|SA
5341|Renmark|SA
5343|Berri|SA
5352|Tanunda|SA
5353|Angaston|SA
5355|Nuriootpa|SA
5453|Clare|SA
5540|Port Pirie|SA
5600|Whyalla|SA
5606|Port Lincoln|SA
5690|Ceduna|SA
5700|Port Augusta|SA
5723|Coober Pedy|SA
6000|Perth|WA
6003|Northbridge|WA
6004|East Perth|WA
6005|West Perth|WA
6006|North Perth|WA
6007|Leederville|WA
6008|Subiaco|WA
6009|Nedlands|WA
6010|Claremont|WA
6011|Cottesloe|WA
6012|Mosman Park|WA
6014|Wembley|WA
6016|Mount Hawthorn|WA
6019|Scarborough|WA
6020|Sorrento|WA
6027|Joondalup|WA
6050|Mount Lawley|WA
6051|Maylands|WA
6053|Bayswater|WA
6055|Guildford|WA
6056|Midland|WA
6100|Victoria Park|WA
6104|Belmont|WA
6107|Cannington|WA
6112|Armadale|WA
6151|South Perth|WA
6152|Como|WA
6153|Applecross|WA
6156|Melville|WA
6158|East Fremantle|WA
6160|Fremantle|WA
6168|Rockingham|WA
6210|Mandurah|WA
6214|Coolup|WA
6215|Waroona|WA
6230|Bunbury|WA
6280|Busselton|WA
6281|Dunsborough|WA
6285|Margaret River|WA
6290|Augusta|WA
6330|Albany|WA
6333|Denmark|WA
6401|Northam|WA
6430|Kalgoorlie|WA
6450|Esperance|WA
6530|Geraldton|WA
6701|Carnarvon|WA
6707|Exmouth|WA
6714|Karratha|WA
6721|Port Hedland|WA
6725|Broome|WA
6743|Kununurra|WA
6751|Tom Price|WA
6753|Newman|WA
6765|Fitzroy Crossing|WA
6799|Home Island|WA
6800|Perth|WA
7000|Hobart|TAS
7004|Battery Point|TAS
7005|Sandy Bay|TAS
7008|New Town|TAS
7009|Moonah|TAS
7010|Glenorchy|TAS
7018|Bellerive|TAS
7025|Richmond|TAS
7030|Bridgewater|TAS
7050|Kingston|TAS
7109|Huonville|TAS
7112|Cygnet|TAS
7140|New Norfolk|TAS
7150|Adventure Bay|TAS
7151|Macquarie Island|TAS
7152|Barnes Bay|TAS
7172|Sorell|TAS
7190|Swansea|TAS
7215|St Helens|TAS
7250|Launceston|TAS
7255|Whitemark|TAS
7256|Currie|TAS
7260|Scottsdale|TAS
7300|Longford|TAS
7304|Deloraine|TAS
7310|Devonport|TAS
7315|Ulverstone|TAS
7320|Burnie|TAS
7330|Smithton|TAS
7467|Queenstown|TAS
7468|Strahan|TAS
0799|Darwin|NT
0800|Darwin|NT
0810|Casuarina|NT
0820|Fannie Bay|NT
0828|Berrimah|NT
0830|Palmerston|NT
0836|Humpty Doo|NT
0845|Batchelor|NT
0847|Pine Creek|NT
0850|Katherine|NT
0860|Tennant Creek|NT
0870|Alice Springs|NT
0872|Yulara|NT
0880|Nhulunbuy|NT
0885|Alyangula|NT
0886|Jabiru|NT
0999|Darwin|NT
`;

const NZ_POSTCODES = `
1010|Auckland Central|Auckland
1011|Ponsonby|Auckland
1021|Grey Lynn|Auckland
1023|Newmarket|Auckland
1024|Mount Eden|Auckland
1050|Remuera|Auckland
1052|Parnell|Auckland
1061|Onehunga|Auckland
1071|Mission Bay|Auckland
1025|Mount Albert|Auckland
1026|Avondale|Auckland
0626|Birkenhead|Auckland
0622|Takapuna|Auckland
0624|Devonport|Auckland
0610|Henderson|Auckland
0604|Titirangi|Auckland
2010|Pakuranga|Auckland
2110|Papakura|Auckland
2120|Pukekohe|Auckland
0931|Orewa|Auckland
0910|Warkworth|Auckland
1081|Waiheke Island|Auckland
0110|Whangarei|Northland
0200|Paihia|Northland
0230|Kerikeri|Northland
0310|Dargaville|Northland
0410|Kaitaia|Northland
3204|Hamilton|Waikato
3216|Hamilton East|Waikato
3500|Thames|Waikato
3510|Whitianga|Waikato
3330|Taupo|Waikato
3400|Matamata|Waikato
3600|Paeroa|Waikato
3610|Waihi|Waikato
3800|Te Awamutu|Waikato
3700|Huntly|Waikato
3300|Morrinsville|Waikato
3110|Tauranga|Bay of Plenty
3116|Mount Maunganui|Bay of Plenty
3010|Rotorua|Bay of Plenty
3120|Whakatane|Bay of Plenty
4010|Gisborne|Gisborne
4110|Napier|Hawke's Bay
4120|Hastings|Hawke's Bay
4130|Havelock North|Hawke's Bay
4310|New Plymouth|Taranaki
4610|Hawera|Taranaki
4410|Palmerston North|Manawatu-Whanganui
4500|Whanganui|Manawatu-Whanganui
4702|Feilding|Manawatu-Whanganui
6011|Wellington|Wellington
6012|Karori|Wellington
6021|Newtown|Wellington
6023|Island Bay|Wellington
5010|Lower Hutt|Wellington
5018|Upper Hutt|Wellington
5022|Porirua|Wellington
5032|Paraparaumu|Wellington
5510|Levin|Manawatu-Whanganui
5810|Masterton|Wellington
5711|Martinborough|Wellington
5712|Greytown|Wellington
7010|Nelson|Nelson
7020|Richmond|Tasman
7120|Motueka|Tasman
7110|Takaka|Tasman
7201|Blenheim|Marlborough
7204|Renwick|Marlborough
7220|Picton|Marlborough
7300|Kaikoura|Canterbury
7825|Westport|West Coast
7805|Greymouth|West Coast
7830|Hokitika|West Coast
8011|Christchurch Central|Canterbury
8014|St Albans|Canterbury
8041|Riccarton|Canterbury
8052|Papanui|Canterbury
8081|Sumner|Canterbury
8082|Lyttelton|Canterbury
7614|Rolleston|Canterbury
7700|Ashburton|Canterbury
7910|Timaru|Canterbury
7520|Akaroa|Canterbury
7483|Waipara|Canterbury
9400|Oamaru|Otago
9016|Dunedin|Otago
9012|St Clair|Otago
9300|Queenstown|Otago
9305|Wanaka|Otago
9310|Cromwell|Otago
9320|Alexandra|Otago
9810|Invercargill|Southland
9710|Gore|Southland
9600|Te Anau|Southland
9818|Stewart Island|Southland
`;

function parsePostcodes(country: 'au' | 'nz', text: string): PostcodeRow[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [postcode = '', locality = '', state = ''] = line.split('|');
      return { country, postcode, locality, state };
    });
}

export const postcodes: readonly PostcodeRow[] = [
  ...parsePostcodes('au', AU_POSTCODES),
  ...parsePostcodes('nz', NZ_POSTCODES),
];

/**
 * The order vouchers of CONTRACT.md, on every site (amounts in the site's currency), and the demo
 * customers' own voucher (customer_vouchers kind VOUCHER, shown in /account/gift-cards-and-vouchers).
 */
export const vouchers: readonly VoucherRow[] = [
  {
    code: 'WELCOME20',
    description: '20 off your order',
    discountType: 'amount',
    discountValue: 2_000,
    minimumSubtotalCents: 0,
    oncePerCustomer: true,
    expiresAt: null,
  },
  {
    code: 'SPEND150',
    description: '15 off an order of 150 or more',
    discountType: 'amount',
    discountValue: 1_500,
    minimumSubtotalCents: 15_000,
    oncePerCustomer: false,
    expiresAt: null,
  },
  {
    code: 'EXPIRED10',
    description: '10% off your order (offer ended 1 January 2025)',
    discountType: 'percent',
    discountValue: 10,
    expiresAt: new Date('2025-01-01T00:00:00Z'),
  },
  {
    code: 'BIRTHDAY15',
    description: '$15 off your next order of 12 or more bottles',
    discountType: 'amount',
    discountValue: 1_500,
    minimumBottles: 12,
    currency: 'AUD',
    oncePerCustomer: true,
    expiresAt: new Date('2027-03-31T13:00:00Z'),
  },
];
