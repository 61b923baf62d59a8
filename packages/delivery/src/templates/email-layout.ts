/**
 * The one MJML layout of every email, with Handlebars expressions. MJML turns
 * it into table-based, responsive HTML that the common mail clients render
 * (compiled once per process); Handlebars then fills it per envelope,
 * escaping every value (`{{…}}`, never `{{{…}}}`). Loops sit in `mj-raw`
 * so MJML passes them through untouched.
 */
export const EMAIL_LAYOUT_MJML = `<mjml>
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-preview>{{preheader}}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#1f2328" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7" width="600px">
    <mj-section background-color="#ffffff" padding="24px 24px 8px">
      <mj-column>
        <mj-text font-size="22px" line-height="28px" font-weight="bold">{{headline}}</mj-text>
      </mj-column>
    </mj-section>
    <mj-raw>{{#each sections}}</mj-raw>
    <mj-section background-color="#ffffff" padding="8px 24px">
      <mj-column>
        <mj-text font-size="13px" font-weight="bold" color="#57606a" text-transform="uppercase">{{title}}</mj-text>
        <mj-raw>{{#each items}}</mj-raw>
        <mj-text padding-bottom="0px"><a href="{{link}}" style="color:#0b57d0;font-weight:bold;text-decoration:none">{{title}}</a></mj-text>
        <mj-raw>{{#if subtitle}}</mj-raw>
        <mj-text padding-top="2px" padding-bottom="0px" color="#57606a" font-size="13px">{{subtitle}}</mj-text>
        <mj-raw>{{/if}}</mj-raw>
        <mj-raw>{{#if text}}</mj-raw>
        <mj-text padding-top="4px">{{text}}</mj-text>
        <mj-raw>{{/if}}</mj-raw>
        <mj-raw>{{/each}}</mj-raw>
      </mj-column>
    </mj-section>
    <mj-raw>{{/each}}</mj-raw>
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" color="#57606a" align="center">
          {{footer}} <a href="{{unsubscribe_url}}" style="color:#57606a">Unsubscribe</a> · <a href="{{app_url}}" style="color:#57606a">Open the app</a>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
