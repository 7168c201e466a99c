/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { Language } from '@relaycast/contracts';

/**
 * The one layout of every message, in the site's look (web/src/styles/global.css: the brand blue, the soft page
 * background, 14 px radius cards, the system font stack; the logo's blue square with its pink dot, drawn in table
 * cells, as mail clients block images by default). React Email renders it to HTML that mail clients read (tables,
 * inline styles) and to the plain-text part.
 */

const BRAND = '#0b5cff';
const ACCENT = '#ff5c8a';
const TEXT = '#0f172a';
const MUTED = '#4a5568';
const SOFT = '#f4f6fb';
const BORDER = '#d8dfea';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export interface LayoutProps {
  lang: Language;
  preview: string;
  heading: string;
  paragraphs: string[];
  /** Label: value rows (an invoice number, an amount, a date). */
  facts?: [string, string][];
  button?: { label: string; href: string };
  after?: string;
  footer: {
    why: string;
    /** Reminders: the sentence with the unsubscribe link. */
    reminder?: { before: string; label: string; after: string; href: string };
    settings: { label: string; href: string };
    demo?: string;
  };
  home: string;
}

const text = { color: TEXT, fontSize: '16px', lineHeight: '26px', margin: '0 0 14px' };

export function MessageLayout(props: LayoutProps) {
  const { footer } = props;
  return (
    <Html lang={props.lang} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: SOFT, fontFamily: FONT, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '0 12px' }}>
          <Section style={{ padding: '8px 4px 18px' }}>
            <table role="presentation" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }} data-skip-in-text="true">
              <tbody>
                <tr>
                  <td style={{ width: '32px', height: '32px', backgroundColor: BRAND, borderRadius: '8px', textAlign: 'center', verticalAlign: 'middle', color: '#ffffff', fontWeight: 800, fontSize: '17px', lineHeight: '32px' }}>
                    R<span style={{ color: ACCENT }}>•</span>
                  </td>
                  <td style={{ paddingLeft: '10px', fontWeight: 800, fontSize: '19px', color: TEXT }}>
                    <Link href={props.home} style={{ color: TEXT, textDecoration: 'none' }}>
                      Relaycast
                    </Link>
                  </td>
                </tr>
              </tbody>
            </table>
          </Section>
          <Section style={{ backgroundColor: '#ffffff', border: `1px solid ${BORDER}`, borderRadius: '14px', padding: '28px 28px 20px' }}>
            {footer.demo ? (
              <Text style={{ backgroundColor: '#fff6e0', border: '1px solid #f0c35a', borderRadius: '8px', color: '#8a4b00', fontSize: '13px', lineHeight: '20px', margin: '0 0 18px', padding: '8px 12px' }}>{footer.demo}</Text>
            ) : null}
            <Heading as="h1" style={{ color: TEXT, fontSize: '24px', lineHeight: '30px', letterSpacing: '-0.01em', margin: '0 0 18px' }}>
              {props.heading}
            </Heading>
            {props.paragraphs.map((p, i) => (
              <Text key={i} style={text}>
                {p}
              </Text>
            ))}
            {props.facts && props.facts.length ? (
              <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: '100%', borderCollapse: 'collapse', margin: '4px 0 18px', backgroundColor: SOFT, borderRadius: '10px' }} data-text-format="dataTable">
                <tbody>
                  {props.facts.map(([label, value]) => (
                    <tr key={label}>
                      <td style={{ padding: '8px 14px', color: MUTED, fontSize: '14px', lineHeight: '20px', width: '42%', verticalAlign: 'top' }}>{label}</td>
                      <td style={{ padding: '8px 14px', color: TEXT, fontSize: '14px', lineHeight: '20px', fontWeight: 600, verticalAlign: 'top' }}>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {props.button ? (
              <Section style={{ margin: '8px 0 18px' }}>
                <Button href={props.button.href} style={{ backgroundColor: BRAND, borderRadius: '10px', color: '#ffffff', fontSize: '16px', fontWeight: 700, padding: '13px 22px', textDecoration: 'none' }}>
                  {props.button.label}
                </Button>
              </Section>
            ) : null}
            {props.after ? <Text style={{ ...text, color: MUTED, fontSize: '14px', lineHeight: '22px' }}>{props.after}</Text> : null}
          </Section>
          <Section style={{ padding: '18px 8px 0' }}>
            <Text style={{ color: MUTED, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' }}>{footer.why}</Text>
            {footer.reminder ? (
              <Text style={{ color: MUTED, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' }}>
                {footer.reminder.before}
                <Link href={footer.reminder.href} style={{ color: MUTED, textDecoration: 'underline' }}>
                  {footer.reminder.label}
                </Link>
                {footer.reminder.after}
              </Text>
            ) : null}
            <Hr style={{ borderColor: BORDER, margin: '12px 0' }} />
            <Text style={{ color: MUTED, fontSize: '13px', lineHeight: '20px', margin: 0 }}>
              <Link href={footer.settings.href} style={{ color: MUTED, textDecoration: 'underline' }}>
                {footer.settings.label}
              </Link>
              {' · Relaycast'}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
