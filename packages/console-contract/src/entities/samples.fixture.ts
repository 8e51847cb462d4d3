/** A realistic create body per entity, as staff would fill in the form (relation ids 1–3 exist). */
export const SAMPLE_ROWS: Record<string, Record<string, unknown>> = {
  creators: {
    name: 'Nadia Putri Lestari', handle: 'nadia.glow', platform: 'tiktok', followers: 184_000, tier: 'macro', niche: 'beauty',
    rate_fee: 4_500_000, phone: '0812-3456-7890', email: 'Nadia.Glow@Gmail.com', city: 'Bandung', status: 'active',
    bank_name: 'BCA', bank_account_number: '1234567890', bank_account_holder: 'Nadia Putri Lestari', notes: 'Minta DP 50%',
  },
  projects: {
    title: 'Reel review Serum Glow', creator_id: 1, product_id: 2, tribe_id: 1, content_type: 'reel', status: 'posted',
    fee: 3_500_000, brief_date: '2026-10-01', post_date: '2026-10-05', post_url: 'https://www.tiktok.com/@nadia.glow/video/7312345678901',
    views: 120_500, reach: 98_000, likes: 8_200, comments: 312, shares: 150, saves: 640, voucher_code: 'NADIA10',
    utm_link: 'https://glowskin.co.id/?utm_source=tiktok&utm_campaign=kol-nadia',
  },
  tribe_targets: { tribe_id: 1, period: '2026-11', target_revenue: 750_000_000, target_spend: 200_000_000, target_roas: 3.75 },
  products: {
    name: 'Kelas Online Parenting Positif', sku: 'KLS-0001', mayar_account_id: 1, mayar_product_id: '9a8b7c6d-1111-2222',
    product_type: 'course', price: 149_000, ships_package: false, tribe_id: 2, pixel_registry_id: 1, active: true,
  },
  ad_campaigns: {
    name: 'CBO | Parenting Positif | Broad | 2026-10', campaign_id: '120212345678901', ad_account_id: 'act_1029384756',
    objective: 'OUTCOME_SALES', status: 'ACTIVE', daily_budget: 1_500_000, start_date: '2026-10-01', product_id: 1, tribe_id: 2,
  },
  meeting_rooms: { name: 'Merapi', location: 'Lantai 3, Gedung A', capacity: 8, facilities: ['TV', 'Whiteboard'], requires_approval: false },
  tribes: { name: 'Tribe Garuda', code: 'GAR-01', leader_name: 'Dimas Saputra', leader_phone: '081298765432', members: ['Siti Rahmawati', 'Bayu Pratama'] },
  change_emails: {
    customer_name: 'Rina Wulandari', customer_phone: '+62 857-1234-5678', old_email: 'rina.wulandari@gmial.com', new_email: 'rina.wulandari@gmail.com',
    mayar_transaction_id: 'b1c2d3e4-0001', product_id: 1, reason: 'typo', status: 'done',
    requested_at: '2026-10-20T09:15:00+07:00', processed_at: '2026-10-20T13:40:00+07:00',
  },
  hook_generations: {
    product_id: 1, target_audience: 'Ibu muda 25–35 yang baru punya anak', pain_point: 'Anak susah makan dan berat badan tidak naik',
    formula: 'question', model: 'gpt-4o-mini', prompt: 'Buat 5 hook iklan…',
    outputs: ['Kenapa anak susah makan padahal sudah dibujuk?', '3 kesalahan MPASI yang sering terjadi'],
    selected_hook: 'Kenapa anak susah makan padahal sudah dibujuk?', status: 'selected', generated_at: '2026-10-21T10:00:00Z',
  },
  mayar_accounts: {
    name: 'Mayar Kelas Bunda', merchant_id: '88213344-kelasbunda', merchant_email: 'kelasbunda@gmail.com', env: 'production',
    api_key: 'mayar_live_8d7f6e5d4c3b2a19', webhook_token: 'whk_1f2e3d4c5b6a7980',
  },
  master_ad_creatives: {
    name: 'VIDEO | Parenting Positif | Testimoni 3', creative_id: '120209876543210', ad_id: '120201234567890', format: 'video',
    hook_text: 'Kenapa anak susah makan padahal sudah dibujuk?', angle: 'testimonial', title: 'Diskon 50% hari ini',
    body: 'Sudah 12.000+ ibu merasakan hasilnya.', call_to_action_type: 'SHOP_NOW', link_url: 'https://kelasbunda.id/parenting',
    url_tags: 'utm_source=facebook&utm_medium=paid', thumbnail_url: 'https://scontent.example.net/thumb/1.jpg', video_id: '987654321012345',
    product_id: 1, ad_campaign_id: 2, creator_id: 3, status: 'ACTIVE',
  },
  pixel_registries: {
    name: 'Pixel Kelas Bunda', pixel_id: '123456789012345', capi_access_token: 'EAAGm0PX4ZCpsBAKZC1234567890',
    test_event_code: 'TEST12345', ad_account_id: 'act_1029384756', domain: 'kelasbunda.id',
  },
  webhook_forwarders: {
    name: 'CAPI Kelas Bunda ← payment.received', mayar_account_id: 1, event_filter: 'payment.received', product_id: 2,
    destination: 'meta_capi', pixel_registry_id: 1, capi_event_name: 'Purchase', max_attempts: 5,
  },
  wa_registries: { name: 'CS Garuda Utama', phone: '0811-2233-4455', purpose: 'cs', provider: 'fonnte', provider_token: 'fonnte_9f8e7d6c5b4a', tribe_id: 1 },
  companies: {
    name: 'Sinar Digital Nusantara', legal_name: 'PT Sinar Digital Nusantara', tax_id: '01.234.567.8-901.000',
    address: 'Jl. Kemang Raya No. 12, Jakarta Selatan', city: 'Jakarta Selatan', phone: '021 7890 1234', email: 'finance@sinardigital.co.id',
  },
  bank_accounts: { company_id: 1, bank_name: 'BCA', account_number: '5270123456', account_holder: 'PT Sinar Digital Nusantara', branch: 'KCP Kemang', purpose: 'receiving' },
  monthly_targets: { period: '2026-11', scope: 'tribe', tribe_id: 2, target_revenue: 1_200_000_000, target_spend: 300_000_000, target_orders: 8_000 },
  n8n_creators: {
    handle: 'bunda.rani', platform: 'instagram', name: 'Rani Anggraini', profile_url: 'https://www.instagram.com/bunda.rani',
    followers: 42_300, following: 812, posts_count: 640, avg_views: 15_000, engagement_rate: 4.85, niche: 'parenting', city: 'Surabaya',
    contact_email: 'rani.collab@gmail.com', source: 'n8n', status: 'new', last_scraped_at: '2026-10-30T02:00:00Z',
  },
  problem_categories: { name: 'Akses Produk', description: 'Masalah akses ke produk digital', sort_order: 10 },
  problem_subcategories: { category_id: 1, name: 'Link akses tidak terkirim', default_priority: 'high', sla_hours: 24, sort_order: 10 },
};
