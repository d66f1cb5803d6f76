/** A calendar file as an HTTP answer: text/calendar, a download with the file's name, never cached (it changes with the booking). */
export function calendarResponse(file: { filename: string; contentType: string; content: string }) {
  return {
    statusCode: 200,
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
    body: file.content,
  };
}
