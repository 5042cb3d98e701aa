package ai.spotter.neo4j;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.io.ByteUnit;
import org.neo4j.logging.Level;
import org.neo4j.logging.log4j.Log4jLogProvider;

/**
 * Starts an embedded Neo4j Community DBMS with only the Bolt connector, on 127.0.0.1.
 *
 * <p>Options (each also read from an environment variable; the flag wins):
 *
 * <pre>
 *   --bolt-port N        NEO4J_BOLT_PORT       default 7687
 *   --data-dir PATH      NEO4J_DATA_DIR        required: the DBMS home (data/, logs/ below it)
 *   --auth none          NEO4J_AUTH=none       no authentication (the default)
 *   --password PW        NEO4J_PASSWORD        authentication on; user `neo4j` gets this password
 *   --page-cache-mb N    NEO4J_PAGE_CACHE_MB   default 64
 *   --tx-memory-mb N     NEO4J_TX_MEMORY_MB    default 256: cap on all transactions' heap
 * </pre>
 *
 * <p>Once Bolt accepts TCP connections and the default database is available it prints exactly
 * one line, {@code READY bolt://127.0.0.1:PORT}, to stdout; everything else goes to stderr. A
 * SIGTERM (or SIGINT) runs a shutdown hook that shuts the DBMS down cleanly (checkpoint, close
 * stores) before the JVM exits. A failed start prints {@code ERROR ...} to stderr and exits 1
 * (2 for bad arguments); a busy port says "already in use".
 */
public final class Neo4jLauncher {

    private static final String HOST = "127.0.0.1";
    private static final PrintStream OUT = System.out;
    private static final PrintStream ERR = System.err;

    private Neo4jLauncher() {}

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            ERR.println("ERROR " + e.getMessage());
            ERR.println(Options.USAGE);
            System.exit(2);
            return;
        }
        try {
            run(options);
        } catch (Throwable t) {
            t.printStackTrace(ERR);
            ERR.println("ERROR " + describe(t, options)); // last, so a log's tail shows it
            ERR.flush();
            // halt: skip the shutdown hook, there is nothing started to shut down cleanly.
            Runtime.getRuntime().halt(1);
        }
    }

    private static void run(Options options) throws Exception {
        long t0 = System.nanoTime();
        Files.createDirectories(options.dataDir);
        boolean auth = options.password != null;

        DatabaseManagementServiceBuilder builder = new DatabaseManagementServiceBuilder(options.dataDir)
                .setUserLogProvider(new Log4jLogProvider(ERR, Level.INFO))
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress(HOST, options.boltPort))
                .setConfig(BoltConnector.advertised_address, new SocketAddress(HOST, options.boltPort))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                .setConfig(GraphDatabaseSettings.auth_enabled, auth)
                .setConfig(GraphDatabaseSettings.auth_minimum_password_length, 1)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(options.pageCacheMb))
                .setConfig(
                        GraphDatabaseSettings.memory_transaction_global_max_size,
                        ByteUnit.mebiBytes(options.txMemoryMb))
                // Small, throw-away-friendly stores: no preallocated 256 MiB transaction logs.
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                .setConfig(GraphDatabaseSettings.preallocate_store_files, false)
                .setConfig(GraphDatabaseSettings.logical_log_rotation_threshold, ByteUnit.mebiBytes(16))
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "2 files")
                // No usage reports: the machines have no way out anyway, so don't try.
                .setConfig(GraphDatabaseInternalSettings.udc_network_enabled, false)
                // Netty waits a 5 s "quiet period" per Bolt event-loop group (two of them) before
                // it stops: 10 s of every shutdown. Connections are closed by then anyway.
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(3));

        DatabaseManagementService dbms = builder.build();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ERR.println("neo4j-launcher: shutting down");
            try {
                dbms.shutdown();
                ERR.println("neo4j-launcher: stopped");
            } catch (Throwable t) {
                ERR.println("neo4j-launcher: shutdown failed: " + t);
                t.printStackTrace(ERR);
            } finally {
                ERR.flush();
                stopped.countDown();
            }
        }, "neo4j-shutdown"));

        GraphDatabaseService db = dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        if (!db.isAvailable(TimeUnit.MINUTES.toMillis(5))) {
            throw new IllegalStateException("database '" + db.databaseName() + "' did not become available");
        }
        if (auth) {
            // Embedded access bypasses auth: set (or reset) the password of the built-in user.
            dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
                    "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
                    Map.of("password", options.password));
        }
        awaitBolt(options.boltPort, Duration.ofSeconds(60));

        ERR.printf(Locale.ROOT, "neo4j-launcher: started in %.1f s (auth %s, page cache %d MiB)%n",
                (System.nanoTime() - t0) / 1e9, auth ? "on" : "off", options.pageCacheMb);
        OUT.println("READY bolt://" + HOST + ":" + options.boltPort);
        OUT.flush();
        stopped.await(); // until the shutdown hook has run
    }

    /** Bolt binds during build(); still, READY promises a port that accepts connections. */
    private static void awaitBolt(int port, Duration timeout) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(HOST, port), 500);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("Bolt did not accept connections on " + HOST + ":" + port, e);
                }
                Thread.sleep(50);
            }
        }
    }

    private static String describe(Throwable t, Options options) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof BindException
                    || (c.getMessage() != null && c.getMessage().contains("Address already in use"))) {
                return "bolt port " + options.boltPort + " on " + HOST + " is already in use: " + c.getMessage();
            }
        }
        return t.toString();
    }

    static final class Options {
        static final String USAGE = "usage: java -jar spotter-neo4j-launcher.jar --data-dir PATH [--bolt-port N]"
                + " [--auth none | --password PW] [--page-cache-mb N] [--tx-memory-mb N]";

        int boltPort = intEnv("NEO4J_BOLT_PORT", BoltConnector.DEFAULT_PORT);
        Path dataDir = System.getenv("NEO4J_DATA_DIR") == null ? null : Path.of(System.getenv("NEO4J_DATA_DIR"));
        String password = passwordFromEnv();
        long pageCacheMb = intEnv("NEO4J_PAGE_CACHE_MB", 64);
        long txMemoryMb = intEnv("NEO4J_TX_MEMORY_MB", 256);

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                String value = null;
                int eq = arg.indexOf('=');
                if (arg.startsWith("--") && eq > 0) {
                    value = arg.substring(eq + 1);
                    arg = arg.substring(0, eq);
                }
                switch (arg) {
                    case "--bolt-port" -> o.boltPort = parseInt(arg, value != null ? value : next(args, ++i, arg));
                    case "--data-dir" -> o.dataDir = Path.of(value != null ? value : next(args, ++i, arg));
                    case "--password" -> o.password = value != null ? value : next(args, ++i, arg);
                    case "--auth" -> {
                        String mode = value != null ? value : next(args, ++i, arg);
                        if (!mode.equals("none")) {
                            throw new IllegalArgumentException("--auth takes only 'none' (use --password PW for auth)");
                        }
                        o.password = null;
                    }
                    case "--page-cache-mb" -> o.pageCacheMb = parseInt(arg, value != null ? value : next(args, ++i, arg));
                    case "--tx-memory-mb" -> o.txMemoryMb = parseInt(arg, value != null ? value : next(args, ++i, arg));
                    case "-h", "--help" -> {
                        OUT.println(USAGE);
                        System.exit(0);
                    }
                    default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
                }
            }
            if (o.dataDir == null) {
                throw new IllegalArgumentException("--data-dir (or NEO4J_DATA_DIR) is required");
            }
            if (o.boltPort < 1 || o.boltPort > 65535) {
                throw new IllegalArgumentException("--bolt-port out of range: " + o.boltPort);
            }
            if (o.password != null && o.password.isEmpty()) {
                throw new IllegalArgumentException("--password must not be empty");
            }
            if (o.pageCacheMb < 1 || o.txMemoryMb < 1) {
                throw new IllegalArgumentException("memory sizes must be at least 1 MiB");
            }
            o.dataDir = o.dataDir.toAbsolutePath().normalize();
            return o;
        }

        private static String passwordFromEnv() {
            String auth = System.getenv("NEO4J_AUTH");
            if (auth != null && auth.equals("none")) {
                return null;
            }
            String pw = System.getenv("NEO4J_PASSWORD");
            return pw == null || pw.isEmpty() ? null : pw;
        }

        private static String next(String[] args, int i, String flag) {
            if (i >= args.length) {
                throw new IllegalArgumentException(flag + " needs a value");
            }
            return args[i];
        }

        private static int parseInt(String flag, String value) {
            try {
                return Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(flag + " needs an integer, got '" + value + "'");
            }
        }

        private static int intEnv(String name, int fallback) {
            String v = System.getenv(name);
            if (v == null || v.isBlank()) {
                return fallback;
            }
            return parseInt(name, v);
        }
    }
}
