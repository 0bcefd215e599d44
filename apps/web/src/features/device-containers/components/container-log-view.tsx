import { DOCKER_LOG_VIEW_HEIGHT, DOCKER_LOGS_MESSAGES } from '@ec/contract/docker-logs';
import Box from '@mui/material/Box';
import { AnsiUp } from 'ansi_up';
import { useEffect, useMemo, useRef } from 'react';

/**
 * A container's log as it arrives (spec 3 §4.4): ANSI colours rendered by ansi_up (which escapes the
 * text it is given), 480 px high, kept scrolled to the newest line; 'Waiting for log stream...' until
 * the first lines. Light text on a dark ground in both themes, as a terminal, so the colours read.
 */
export function ContainerLogView({ lines, label }: { lines: readonly string[]; label: string }) {
  const ansi = useMemo(() => {
    const converter = new AnsiUp();
    converter.use_classes = false;
    return converter;
  }, []);
  const html = useMemo(() => lines.map((line) => ansi.ansi_to_html(line)).join('\n'), [ansi, lines]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current && html) box.current.scrollTop = box.current.scrollHeight;
  }, [html]);
  return (
    <Box
      ref={box}
      role="log"
      aria-label={label}
      tabIndex={0}
      sx={{
        height: DOCKER_LOG_VIEW_HEIGHT,
        overflow: 'auto',
        m: 0,
        p: 1.5,
        bgcolor: '#121212',
        color: '#e8e8e8',
        borderRadius: 1,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {html ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: ansi_up escapes the log's text before colouring it
        <div dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        DOCKER_LOGS_MESSAGES.waiting
      )}
    </Box>
  );
}
