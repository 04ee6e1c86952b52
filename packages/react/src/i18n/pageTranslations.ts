import type { LazyCatalogLocale } from './catalogLocales.ts'
import type { pageMessages } from './pageMessages.ts'

/** The host page's few texts (the buttons), complete for one locale. */
export type PageMessages = { readonly [key in keyof typeof pageMessages]: string }

/**
 * The buttons' texts in every locale but English, in one small chunk the page fetches only when
 * the locale is not English (the dialog catalogs, `locales/*.ts`, take theirs from here).
 */
export const pageTranslations = {
  ar: {
    'connectButton.connect': 'ربط المحفظة',
    'connectButton.connecting': 'جارٍ الربط…',
    'networkButton.unknown': 'شبكة غير معروفة',
    'connectButton.wrongNetwork': 'شبكة خاطئة',
  },
  de: {
    'connectButton.connect': 'Wallet verbinden',
    'connectButton.connecting': 'Wird verbunden…',
    'networkButton.unknown': 'Unbekanntes Netzwerk',
    'connectButton.wrongNetwork': 'Falsches Netzwerk',
  },
  es: {
    'connectButton.connect': 'Conectar billetera',
    'connectButton.connecting': 'Conectando…',
    'networkButton.unknown': 'Red desconocida',
    'connectButton.wrongNetwork': 'Red incorrecta',
  },
  fr: {
    'connectButton.connect': 'Connecter un portefeuille',
    'connectButton.connecting': 'Connexion…',
    'networkButton.unknown': 'Réseau inconnu',
    'connectButton.wrongNetwork': 'Mauvais réseau',
  },
  he: {
    'connectButton.connect': 'חיבור ארנק',
    'connectButton.connecting': 'מתחבר…',
    'networkButton.unknown': 'רשת לא ידועה',
    'connectButton.wrongNetwork': 'רשת שגויה',
  },
  hi: {
    'connectButton.connect': 'वॉलेट कनेक्ट करें',
    'connectButton.connecting': 'कनेक्ट हो रहा है…',
    'networkButton.unknown': 'अज्ञात नेटवर्क',
    'connectButton.wrongNetwork': 'गलत नेटवर्क',
  },
  id: {
    'connectButton.connect': 'Hubungkan Dompet',
    'connectButton.connecting': 'Menghubungkan…',
    'networkButton.unknown': 'Jaringan tidak dikenal',
    'connectButton.wrongNetwork': 'Jaringan salah',
  },
  ja: {
    'connectButton.connect': 'ウォレットを接続',
    'connectButton.connecting': '接続中…',
    'networkButton.unknown': '不明なネットワーク',
    'connectButton.wrongNetwork': 'ネットワークが違います',
  },
  ko: {
    'connectButton.connect': '지갑 연결',
    'connectButton.connecting': '연결 중…',
    'networkButton.unknown': '알 수 없는 네트워크',
    'connectButton.wrongNetwork': '잘못된 네트워크',
  },
  pt: {
    'connectButton.connect': 'Conectar carteira',
    'connectButton.connecting': 'Conectando…',
    'networkButton.unknown': 'Rede desconhecida',
    'connectButton.wrongNetwork': 'Rede incorreta',
  },
  ru: {
    'connectButton.connect': 'Подключить кошелёк',
    'connectButton.connecting': 'Подключение…',
    'networkButton.unknown': 'Неизвестная сеть',
    'connectButton.wrongNetwork': 'Неверная сеть',
  },
  tr: {
    'connectButton.connect': 'Cüzdan Bağla',
    'connectButton.connecting': 'Bağlanıyor…',
    'networkButton.unknown': 'Bilinmeyen ağ',
    'connectButton.wrongNetwork': 'Yanlış ağ',
  },
  'zh-CN': {
    'connectButton.connect': '连接钱包',
    'connectButton.connecting': '连接中…',
    'networkButton.unknown': '未知网络',
    'connectButton.wrongNetwork': '网络错误',
  },
} as const satisfies Record<LazyCatalogLocale, PageMessages>
