import { z } from 'zod';
import { formatStatusRanges, parseStatusRanges } from '../channels/status-code-ranges.js';
import { isAddressEntry, isDomainPattern, isPortRange } from '../http/fetch-guard/address-rules.js';
import { isHttpUrl } from '../http/http-url.js';
import { creemProductsSchema } from '../payment/creem-products.js';
import { amountDiscountSchema, amountOptionsSchema, payMethodsSchema } from '../payment/pay-methods.js';
import { affinityRulesSchema } from '../channels/affinity/affinity-setting.js';
import { compilePriceExpression } from '../billing/expression/price-expression.js';

/**
 * What an option's value may be. Each kind is a schema over the stored string that names the key
 * in its messages and returns the string to store (links lose a trailing slash, lists their repeats).
 */
export type OptionKind = (key: string) => z.ZodType<string, string>;

const notJson = (key: string) => (key === 'TopupGroupRatio' ? '充值分组倍率不是合法的 JSON 字符串' : `${key} 不是合法的 JSON 字符串`);

function parsedJson(key: string, shape: z.ZodType, shapeMessage: string): z.ZodType<string, string> {
  return z.string().superRefine((text, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: notJson(key) });
      return;
    }
    if (!shape.safeParse(withVisibleProtoKeys(parsed)).success) ctx.addIssue({ code: 'custom', message: shapeMessage });
  });
}

/**
 * `parsed` with every `__proto__` key renamed, so the shape checks its value too: zod's records skip
 * that key, and the relay reads it as an own key (a model named `__proto__` priced -5 would pass).
 */
function withVisibleProtoKeys(parsed: unknown): unknown {
  if (Array.isArray(parsed)) return parsed.map(withVisibleProtoKeys);
  if (parsed === null || typeof parsed !== 'object') return parsed;
  return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key === '__proto__' ? ' __proto__' : key, withVisibleProtoKeys(value)]));
}

export const text: OptionKind = () => z.string();

export const onOff: OptionKind = (key) => z.enum(['true', 'false'], { error: `${key} 只能是 true 或 false` });

/** Counts of quota, tries or minutes: whole and not negative. */
export const count: OptionKind = (key) => z.string().trim().regex(/^\d+$/, `${key} 必须是非负整数`);

/** A whole count that must be at least 1 (a window's minutes, a success limit). */
export const wholePositive: OptionKind = (key) => z.string().trim().regex(/^[1-9]\d*$/, `${key} 必须是正整数`);

/** Prices, seconds and other amounts: a number, not negative. */
export const amount: OptionKind = (key) =>
  z.string().trim().refine((v) => v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0, `${key} 必须是非负数`);

/** A divisor or a period that must not be zero (QuotaPerUnit, DataExportInterval). */
export const positive: OptionKind = (key) =>
  z.string().trim().refine((v) => v !== '' && Number.isFinite(Number(v)) && Number(v) > 0, `${key} 必须是大于 0 的数`);

export const port: OptionKind = (key) =>
  z.string().trim().refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, `${key} 必须是 1 到 65535 之间的端口号`);

/** An address other systems call or users open: empty, or http(s) without a trailing slash. */
export const url: OptionKind = (key) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isHttpUrl(v), `${key} 必须是以 http:// 或 https:// 开头的地址`)
    .transform((v) => v.replace(/\/+$/, ''));

/** An image the page shows: an address, a path on this site, or an inline image. */
export const image: OptionKind = (key) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isHttpUrl(v) || /^\/(?!\/)/.test(v) || v.startsWith('data:image/'), `${key} 必须是图片地址（http(s)://、/ 开头的路径或 data:image/）`);

/** Ratios and prices by model or group: a JSON object of non-negative numbers. */
export const ratioMap: OptionKind = (key) =>
  parsedJson(key, z.record(z.string(), z.number().nonnegative()), `${key} 必须是 JSON 对象，且每个值都是非负数`);

/** A user group's ratio for each group it calls in (GroupGroupRatio): a JSON object of ratio objects. */
export const groupRatioTable: OptionKind = (key) =>
  parsedJson(key, z.record(z.string(), z.record(z.string(), z.number().nonnegative())), `${key} 必须是 JSON 对象，形如 {"用户分组": {"使用分组": 倍率}}，倍率为非负数`);

/** Per user group, groups added (`+:g` or `g`, with a label) to or removed (`-:g`) from the groups it may use (group_ratio_setting.group_special_usable_group). */
export const groupEdits: OptionKind = (key) =>
  parsedJson(key, z.record(z.string(), z.record(z.string(), z.string())), `${key} 必须是 JSON 对象，形如 {"用户分组": {"+:分组": "说明", "-:分组": "说明"}}`);

/** Each model's billing mode (billing_setting.billing_mode): a JSON object of strings, `tiered_expr` pricing by its expression. */
export const modeMap: OptionKind = (key) => parsedJson(key, z.record(z.string(), z.string()), `${key} 必须是 JSON 对象，且每个值都是字符串`);

/** Each model's price expression (billing_setting.billing_expr): every one must compile, or the save names the model and the fault. */
export const expressionMap: OptionKind = (key) =>
  parsedJson(key, z.record(z.string(), z.string()), `${key} 必须是 JSON 对象，且每个值都是表达式字符串`).superRefine((text, ctx) => {
    let table: Record<string, unknown>;
    try {
      table = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    for (const [model, expression] of Object.entries(table)) {
      try {
        compilePriceExpression(String(expression));
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `${key} 中模型 ${model} 的表达式无效：${error instanceof Error ? error.message : String(error)}` });
        return;
      }
    }
  });

/** The channel affinity rules (new-api's shape): a JSON array of rules whose regexes compile. */
export const affinityRules: OptionKind = (key) =>
  parsedJson(key, affinityRulesSchema, `${key} 必须是 JSON 数组，每一项是渠道亲和规则（name、model_regex、key_sources 等），正则表达式须有效`);

/** Group names in order (AutoGroups): a JSON array of strings. */
export const groupList: OptionKind = (key) => parsedJson(key, z.array(z.string()), `${key} 必须是 JSON 数组，每一项都是分组名`);

/** Group names a user may pick, with their descriptions: a JSON object of strings. */
export const nameMap: OptionKind = (key) => parsedJson(key, z.record(z.string(), z.string()), `${key} 必须是 JSON 对象，且每个值都是字符串`);

/** The chat clients: a JSON array of {"name": "link template"}, one entry each. */
export const chatList: OptionKind = (key) =>
  parsedJson(key, z.array(z.record(z.string(), z.string()).refine((entry) => Object.keys(entry).length === 1)), `${key} 必须是 JSON 数组，每一项形如 {"名称": "链接"}`);

/** A list of domains (comma or line separated), stored lower-case, comma-joined, each once. */
export const domainList: OptionKind = () =>
  z.string().transform((v) => [...new Set(v.split(/[,\s]+/).map((d) => d.trim().toLowerCase()).filter(Boolean))].join(','));

export const oneOf =
  (...choices: [string, ...string[]]): OptionKind =>
  (key) =>
    z.enum(choices, { error: `${key} 只能是 ${choices.join('、')} 之一` });

/** HTTP status codes and ranges ("401,500-503"), stored sorted and merged as new-api does. */
export const statusRanges: OptionKind = (key) =>
  z.string().transform((text, ctx) => {
    const parsed = parseStatusRanges(text);
    if (parsed.ok) return formatStatusRanges(parsed.ranges);
    ctx.addIssue({ code: 'custom', message: `${key} 含无效的状态码规则：${parsed.invalid.join(', ')}（应为 100 到 599 的状态码或范围，如 401,500-503）` });
    return z.NEVER;
  });

/** Lines of text (keywords): stored trimmed, one per line, without empty lines. */
export const lines: OptionKind = () =>
  z.string().transform((text) => text.split('\n').map((line) => line.trim()).filter(Boolean).join('\n'));

const MAX_INT32 = 2147483647;

/** {"group": [count, successCount]}: the count may be 0 (no limit), the success count at least 1 (new-api's check). */
export const rateLimitGroups: OptionKind = (key) =>
  parsedJson(
    key,
    z.record(z.string(), z.tuple([z.number().int().min(0).max(MAX_INT32), z.number().int().min(1).max(MAX_INT32)])),
    `${key} 必须是 JSON 对象，形如 {"分组": [总请求数, 成功请求数]}，总请求数不小于 0，成功请求数不小于 1`,
  );

/** A JSON array of strings, each passing `entryOk` (fetch_setting's lists), stored trimmed and each once. */
const checkedList =
  (entryOk: (entry: string) => boolean, what: string): OptionKind =>
  (key) =>
    z.string().transform((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      const entries = Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed.map((item: string) => item.trim()) : null;
      const bad = entries?.find((entry) => !entryOk(entry));
      if (entries && bad === undefined && entries.length <= 4096) return JSON.stringify([...new Set(entries)]);
      ctx.addIssue({ code: 'custom', message: `${key} 必须是 JSON 字符串数组，每一项是${what}${bad === undefined ? '' : `（无效：${bad}）`}` });
      return z.NEVER;
    });

export const domainPatterns = checkedList(isDomainPattern, '域名（如 example.com 或 *.example.com）');
export const addressEntries = checkedList(isAddressEntry, ' IP 或 CIDR（如 10.0.0.0/8）');
export const portRanges = checkedList(isPortRange, '端口或端口范围（如 443 或 8000-9000）');

/** CreemProducts: a JSON list of products, each with its Creem id, a name, a positive price, a currency and a whole quota. */
export const creemProductList: OptionKind = (key) => parsedJson(key, creemProductsSchema, `${key} 必须是产品列表：[{"productId","name","price","currency","quota"}]`);

/** PayMethods: new-api's list of Epay buttons, each with a name and the Epay type it sends. */
export const payMethodList: OptionKind = (key) => parsedJson(key, payMethodsSchema, `${key} 必须是 JSON 数组：[{"name","type","color"}]`);

/** new-api's payment page saves a cleared JSON field as '': stored as the empty list or map. */
const emptyAs = (empty: string, kind: z.ZodType<string, string>): z.ZodType<string, string> =>
  z.string().transform((v) => (v.trim() === '' ? empty : v)).pipe(kind);

/** payment_setting.amount_options: whole positive amounts (new-api's texts). */
export const amountList: OptionKind = (key) => emptyAs('[]', parsedJson(key, amountOptionsSchema, '自定义充值数量选项不是合法的 JSON 数组'));

/** payment_setting.amount_discount: each amount's price factor, above 0. */
export const discountMap: OptionKind = (key) => emptyAs('{}', parsedJson(key, amountDiscountSchema, '充值金额折扣配置不是合法的 JSON 对象'));
