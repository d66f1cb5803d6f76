// DynamoDB Local on one interface only. Its command line has no bind option and its server (Jetty, made by
// `new Server(port)`) listens on every interface, so any machine on the network could read and change the
// local data. This starts the same server from the same jar and arguments, but sets the host of its one
// connector before it starts. Run by local/emulators.ts with Java's source launcher (no build step).
// -Ddynamodb.port=0 lets the system pick a free port (the command line refuses 0); the line printed once it
// listens names the port, which is how local/emulators.ts learns it without a pick-then-bind race.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.NetworkConnector;
import org.eclipse.jetty.server.Server;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDB {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("dynamodb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    // The Jetty server is a private field of DynamoDBProxyServer; its connectors are public API.
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof NetworkConnector)) throw new IllegalStateException("Unexpected connector " + connector);
      ((org.eclipse.jetty.server.ServerConnector) connector).setHost(host);
      String port = System.getProperty("dynamodb.port");
      if (port != null) ((org.eclipse.jetty.server.ServerConnector) connector).setPort(Integer.parseInt(port));
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host + ":" + ((NetworkConnector) connectors[0]).getLocalPort());
  }
}
