import type { Language } from '@relaycast/contracts';

/**
 * The words of the small HTML pages the API serves itself (the one-click unsubscribe link's confirmation and result),
 * in English and Russian: i18next resources (words/index.ts), `{email}` filled from the user.
 */
export const PAGE_WORDS = {
  en: {
    unsubscribe: {
      title: 'Reminder e-mails',
      ask: 'Stop reminder e-mails (trial ending, upcoming annual renewal, licence expiring) for {email}? Receipts, payment problems and security messages still come.',
      button: 'Stop reminders',
      done: 'Done: no more reminder e-mails to {email}. Turn them back on in your profile at any time.',
      invalid: 'This unsubscribe link is not valid. Change your e-mail settings in your profile.',
      profile: 'Open my profile',
    },
  },
  ru: {
    unsubscribe: {
      title: 'Письма-напоминания',
      ask: 'Больше не присылать напоминания (окончание пробного периода, продление годовой подписки, истечение лицензии) на {email}? Чеки, письма о проблемах с оплатой и о безопасности будут приходить как прежде.',
      button: 'Отключить напоминания',
      done: 'Готово: напоминания на {email} больше не придут. Включить их снова можно в профиле.',
      invalid: 'Ссылка для отписки недействительна. Настройки писем — в вашем профиле.',
      profile: 'Открыть профиль',
    },
  },
} as const satisfies Record<Language, Record<string, Record<string, string>>>;
