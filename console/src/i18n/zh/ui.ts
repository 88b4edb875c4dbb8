/** The shared look: sidebar groups, tables, copy buttons, empty states, dialogs. */
export const uiZh = {
  'navGroup.public': '浏览',
  'navGroup.personal': '个人',
  'navGroup.admin': '管理',
  'nav.sidebar': '侧边栏',
  'table.columns': '显示列',
  'table.sortBy': '按 {column} 排序',
  'copy.copy': '复制',
  'copy.copied': '已复制',
  'empty.title': '暂无数据',
  'empty.firstToken': '创建第一个令牌',
  'empty.firstCode': '创建第一个兑换码',
  'empty.firstUser': '添加第一个用户',
  'empty.firstChannel': '添加第一个渠道',
  'live.connected': '实时连接中',
  'live.offline': '实时连接已断开',
  'common.close': '关闭',
} as const;
